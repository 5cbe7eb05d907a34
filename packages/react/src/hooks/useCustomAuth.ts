import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ClientUser, JwtAuthFlowState } from '../types.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** Both callbacks, when the hook is given any (as the incumbent's `useCustomAuth` has them). */
export interface UseCustomAuthParameters {
  /** After a sync of `config.customAuth` that ended with a user. */
  onAuthenticated: (event: { user: ClientUser }) => void;
  /** After a sync that logged the user out (the app's auth has nobody logged in any more). */
  onUnauthenticated: () => void;
}

/**
 * Where the provider's custom-auth sync (`config.customAuth`) is: 'not-enabled' without it, then
 * 'loading', 'done' or 'error'; the incumbent's `useCustomAuth` (which it deprecates for
 * [`useSyncJwtBasedAuthState`](#usesyncjwtbasedauthstate)).
 *
 * @example
 * const { status } = useCustomAuth({
 *   onAuthenticated: ({ user }) => console.log('signed in as', user.id),
 *   onUnauthenticated: () => console.log('logged out'),
 * });
 * if (status.status === 'loading') return <Spinner />;
 */
export function useCustomAuth(parameters?: UseCustomAuthParameters): { status: JwtAuthFlowState } {
  const { events, getCustomAuthState } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(
    () =>
      events.on('customAuth', ({ state, user, loggedOut }) => {
        if (state.status !== 'done') return;
        if (user) callbacks.current?.onAuthenticated({ user });
        else if (loggedOut) callbacks.current?.onUnauthenticated();
      }),
    [events, callbacks],
  );
  const subscribe = useCallback((listener: () => void) => events.on('customAuth', listener), [events]);
  const status = useSyncExternalStore(subscribe, getCustomAuthState, getCustomAuthState);
  return { status };
}
