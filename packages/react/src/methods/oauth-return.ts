import { type LatchkeyClient, LatchkeyError, type ModalIntent, type ModalOptions } from '@latchkey/core';
import { type OAuthClient, type OAuthReturn, popupMarker, relayPopupReturn } from '@latchkey/core/oauth';
import {
  isOAuthProviderName,
  type LoginMode,
  type OAuthProviderName,
  oauthReturnParams,
} from '@latchkey/protocol';
import { linkAccountEvent, reportHeadlessLogin } from '../accountOf.ts';
import type { LatchkeyEvents } from '../events.ts';
import { toClientUser } from '../toClientUser.ts';
import { toOAuthTokensEvent } from '../toOAuthTokensEvent.ts';
import type { PageReturn } from './types.ts';

// Loaded when the address has a query or a hash (methods/oauth.ts), never at first load.

/** In an OAuth popup: hands the return to the opener and closes. */
export function relayIfPopup(): void {
  if (new URLSearchParams(location.search).has(popupMarker)) relayPopupReturn(window);
}

/**
 * Takes the page's return (its parameters leave the address) and completes it where the attempt
 * started: the modal, on its verifying screen, or a headless hook (`useLoginWithOAuth`) through the
 * provider's events. An attempt this device has no record of links when someone is logged in.
 */
export async function completeOAuthReturn(
  client: LatchkeyClient,
  events: LatchkeyEvents,
  openModal: (intent: ModalIntent, options?: ModalOptions) => void,
): Promise<void> {
  if (new URLSearchParams(location.search).has(popupMarker)) return;
  const oauth = await client.oauth();
  const visit = await oauth.takeReturn();
  if (!visit) return;
  const { ret, attempt } = visit;
  const provider = isOAuthProviderName(ret.provider) ? ret.provider : attempt?.provider;
  if (!provider || !isOAuthProviderName(provider)) return;
  const link = attempt ? attempt.intent === 'link' : client.getState().user !== null;
  if (attempt?.ui === 'headless')
    await completeHeadless(events, oauth, { ret, provider, link, mode: attempt.mode });
  else openModal(link ? 'link-oauth' : 'login', { oauth: { provider, ret } });
}

interface HeadlessReturn {
  ret: OAuthReturn;
  provider: OAuthProviderName;
  link: boolean;
  mode?: LoginMode | undefined;
}

/** A headless hook's attempt: the login or link, told to the hooks through the events like a modal flow's. */
async function completeHeadless(events: LatchkeyEvents, oauth: OAuthClient, r: HeadlessReturn) {
  try {
    if (r.link) {
      const { user, oauthTokens } = await oauth.linkWithCode(r.ret);
      const clientUser = toClientUser(user);
      if (oauthTokens) events.emit('oauthTokens', toOAuthTokensEvent(oauthTokens, clientUser));
      events.emit('linkSuccess', linkAccountEvent(clientUser, r.provider));
      return;
    }
    const { user, isNewUser, oauthTokens } = await oauth.loginWithCode({ ...r.ret, mode: r.mode });
    const clientUser = toClientUser(user);
    if (oauthTokens) events.emit('oauthTokens', toOAuthTokensEvent(oauthTokens, clientUser));
    reportHeadlessLogin(events, { user: clientUser, isNewUser, loginMethod: r.provider });
  } catch (error) {
    events.emit(
      r.link ? 'linkError' : 'loginError',
      error instanceof LatchkeyError ? error.code : 'unknown_auth_error',
    );
  }
}

/** The page came back from a provider (`privy_oauth_code` in its address). */
export const oauthPageReturn: PageReturn = {
  early() {
    if (new URLSearchParams(location.search).has(oauthReturnParams.code)) relayIfPopup();
  },
  async complete({ client, events, openModal }) {
    if (!new URLSearchParams(location.search).has(oauthReturnParams.code)) return;
    await completeOAuthReturn(client, events, openModal).catch((error: unknown) =>
      console.error('Latchkey failed to complete the OAuth return', error),
    );
  },
};
