import { useEffect, useRef, useState } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser, JwtAuthFlowState } from '../types.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type { JwtAuthFlowState };

export interface UseSyncJwtBasedAuthStateInput {
  /** The app's JWT for its current user, undefined when nobody is logged in; should not throw. */
  getExternalJwt: () => Promise<string | undefined>;
  /** Calls its argument whenever the app's auth state changes; returns the unsubscribe function. */
  subscribe: (onJwtAuthStateChange: () => void) => () => void;
  /** False turns the sync off (`state` is 'not-enabled'); default true. */
  enabled?: boolean;
  /** After a sync that logged in with a new token. */
  onAuthenticated?: (event: { user: ClientUser; isNewUser: boolean }) => void;
  /** After a sync that logged the user out (no token, or a failed sync). */
  onUnauthenticated?: () => void;
  onError?: (error: Error) => void;
}

/**
 * Keeps the Latchkey session in step with the app's own JWT-based auth, driven by the app's
 * `subscribe`; the incumbent's `useSyncJwtBasedAuthState`. Mount it once, for the whole app. The app
 * needs custom JWT auth set up on the server (`custom_jwt_auth` and the JWKS URL).
 *
 * @example
 * const subscribe = useCallback((onChange: () => void) => myAuth.onChange(onChange), []);
 * const { state } = useSyncJwtBasedAuthState({ subscribe, getExternalJwt: () => myAuth.getToken() });
 */
export function useSyncJwtBasedAuthState({
  subscribe,
  enabled = true,
  ...callbacks
}: UseSyncJwtBasedAuthStateInput): { state: JwtAuthFlowState } {
  const { client, events } = useLatchkeyContext();
  const { ready } = useLatchkeyState();
  const latest = useLatestRef(callbacks);
  const [state, setState] = useState<JwtAuthFlowState>({ status: 'initial' });
  const lastToken = useRef<string | undefined | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (!enabled || !ready) return;
    const sync = async () => {
      if (running.current) return;
      running.current = true;
      const wasAuthenticated = client.getState().authenticated;
      const before = client.getState().user?.id;
      try {
        setState({ status: 'loading' });
        let token: string | undefined;
        const { syncExternalJwt } = await import('@latchkey/core/flows/customJwt');
        const result = await client.run((ctx) =>
          syncExternalJwt(ctx, async () => {
            token = await latest.current.getExternalJwt();
            return token;
          }),
        );
        // A user logged in: the wallets `createOnLogin` asks for, as after any headless login.
        if (result && result.user.id !== before) events.emit('loggedIn', undefined);
        const changed = token !== lastToken.current;
        lastToken.current = token;
        if (changed && result)
          latest.current.onAuthenticated?.({ user: toClientUser(result.user), isNewUser: result.isNewUser });
        if (!result && wasAuthenticated) latest.current.onUnauthenticated?.();
        setState({ status: 'done' });
      } catch (error) {
        lastToken.current = null;
        await client.logout().catch(() => undefined);
        latest.current.onUnauthenticated?.();
        const failure = error instanceof Error ? error : new Error(String(error));
        latest.current.onError?.(failure);
        setState({ status: 'error', error: failure });
      } finally {
        running.current = false;
      }
    };
    void sync();
    return subscribe(() => void sync());
  }, [client, events, subscribe, enabled, ready, latest]);

  return { state: enabled ? state : { status: 'not-enabled' } };
}
