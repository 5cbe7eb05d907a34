import { oauthReturnParams } from '@latchkey/protocol';
import { useCallback, useState } from 'react';
import type { LoginCallbacks, OAuthProviderID } from '../callbacks.ts';
import type { OAuthFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { errorFromCode, type LoginEnd, useLoginEvents } from './useLoginEvents.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';

export type { OAuthFlowState };

/** `onComplete`, and `onError` with the code: `oauth_user_denied`, `pkce_state_code_mismatch`, a server code… */
export type UseLoginWithOAuthParameters = LoginCallbacks;

export interface InitOAuthOptions {
  /**
   * A provider the app enables. The incumbent's names Latchkey has no provider for (`twitch`,
   * `privy:…`) are refused ('Invalid OAuth provider', `invalid_input`).
   */
  provider: OAuthProviderID;
  /** Log in only: a provider account no user has yet is refused (`mode: 'no-signup'`). */
  disableSignup?: boolean;
}

/** True while this page is back from a provider and the provider completes the return. */
const returning = () => typeof location !== 'undefined' && location.search.includes(oauthReturnParams.code);

const stateOf = (end: LoginEnd): OAuthFlowState =>
  end.status === 'done' ? end : { status: 'error', error: errorFromCode(end.code) };

/**
 * Social login with the app's own buttons, without the modal: `initOAuth` leaves the page for the
 * provider, and when the user comes back the provider completes the login; `state` and the
 * callbacks follow it.
 *
 * @example
 * const { initOAuth, state } = useLoginWithOAuth({ onComplete: ({ user }) => console.log(user.id) });
 * <button onClick={() => initOAuth({ provider: 'google' })}>Google</button>
 */
export function useLoginWithOAuth(parameters?: UseLoginWithOAuthParameters): {
  initOAuth(options: InitOAuthOptions): Promise<void>;
  state: OAuthFlowState;
  loading: boolean;
} {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const [state, setState] = useState<OAuthFlowState>(() =>
    returning() ? { status: 'loading' } : { status: 'initial' },
  );
  const onEnd = useCallback((end: LoginEnd) => setState(stateOf(end)), []);

  useLoginEvents(events, callbacks, onEnd);

  const initOAuth = useCallback(
    async ({ provider, disableSignup }: InitOAuthOptions) => {
      setState({ status: 'loading' });
      try {
        const oauth = await client.oauth();
        const mode = disableSignup ? 'no-signup' : undefined;
        // The client checks the name (see InitOAuthOptions.provider).
        await oauth.redirect({ provider: provider as never, intent: 'login', ui: 'headless', mode });
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : null });
        callbacks.current?.onError?.(errorCodeOf(error));
        throw error;
      }
    },
    [client, callbacks],
  );

  return { initOAuth, state, loading: state.status === 'loading' };
}
