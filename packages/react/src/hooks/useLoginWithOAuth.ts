import { LatchkeyError } from '@latchkey/core';
import { type OAuthProviderName, oauthReturnParams } from '@latchkey/protocol';
import { useCallback, useState } from 'react';
import type { LoginCompleteEvent } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { useLoginEvents } from './useLoginEvents.ts';

/** Where the headless OAuth login stands (spec document 1 §4 Flow states, OAuth). */
export type OAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; error: string };

export interface UseLoginWithOAuthParameters {
  onComplete?: (event: LoginCompleteEvent) => void;
  /** With the error code: `oauth_user_denied`, `pkce_state_code_mismatch`, a server code… */
  onError?: (code: string) => void;
}

export interface InitOAuthOptions {
  provider: OAuthProviderName;
  /** Log in only: a provider account no user has yet is refused (`mode: 'no-signup'`). */
  disableSignup?: boolean;
}

/** True while this page is back from a provider and the provider completes the return. */
const returning = () => typeof location !== 'undefined' && location.search.includes(oauthReturnParams.code);

/**
 * Social login with the app's own buttons, without the modal: `initOAuth` leaves the page for the
 * provider, and when the user comes back the provider completes the login; `state` and the
 * callbacks follow it.
 *
 * @example
 * const { initOAuth, state } = useLoginWithOAuth({ onComplete: ({ user }) => console.log(user.id) });
 * <button onClick={() => initOAuth({ provider: 'google' })}>Google</button>
 */
export function useLoginWithOAuth(parameters: UseLoginWithOAuthParameters = {}): {
  initOAuth(options: InitOAuthOptions): Promise<void>;
  state: OAuthFlowState;
  loading: boolean;
} {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const [state, setState] = useState<OAuthFlowState>(() =>
    returning() ? { status: 'loading' } : { status: 'initial' },
  );

  useLoginEvents(events, callbacks, setState);

  const initOAuth = useCallback(
    async ({ provider, disableSignup }: InitOAuthOptions) => {
      setState({ status: 'loading' });
      try {
        const oauth = await client.oauth();
        const mode = disableSignup ? 'no-signup' : undefined;
        await oauth.redirect({ provider, intent: 'login', ui: 'headless', mode });
      } catch (error) {
        const code = error instanceof LatchkeyError ? error.code : 'unknown_auth_error';
        setState({ status: 'error', error: code });
        callbacks.current.onError?.(code);
      }
    },
    [client, callbacks],
  );

  return { initOAuth, state, loading: state.status === 'loading' };
}
