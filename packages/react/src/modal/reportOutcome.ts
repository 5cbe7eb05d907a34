import type { FlowOutcome } from '@latchkey/core/modal';
import { linkAccountEvent, loginCompleteEvent, updateAccountEvent } from '../accountOf.ts';
import { flowErrorEvent, type LatchkeyEvents } from '../events.ts';
import { toClientUser } from '../toClientUser.ts';
import { toOAuthTokensEvent } from '../toOAuthTokensEvent.ts';

/** Tells the hooks how a modal flow went, in the client's camelCase form. */
export function reportOutcome(events: LatchkeyEvents, outcome: FlowOutcome): void {
  switch (outcome.type) {
    case 'login-complete':
      events.emit(
        'loginComplete',
        loginCompleteEvent({
          user: toClientUser(outcome.user),
          isNewUser: outcome.isNewUser,
          wasAlreadyAuthenticated: outcome.wasAlreadyAuthenticated,
          loginMethod: outcome.method,
        }),
      );
      return;
    case 'link-success':
      events.emit('linkSuccess', linkAccountEvent(toClientUser(outcome.user), outcome.method));
      return;
    case 'update-success':
      events.emit('updateSuccess', updateAccountEvent(toClientUser(outcome.user), outcome.method));
      return;
    case 'error':
      events.emit(flowErrorEvent[outcome.kind], outcome.code);
      return;
    case 'oauth-tokens':
      events.emit('oauthTokens', toOAuthTokensEvent(outcome.tokens, toClientUser(outcome.user)));
      return;
    case 'wallet-connected':
      events.emit('walletConnected', { address: outcome.address, chainType: outcome.chainType });
      return;
    case 'connect-wallet-success':
      events.emit('connectWalletSuccess', { manager: outcome.manager, connection: outcome.connection });
      return;
  }
}
