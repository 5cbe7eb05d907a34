import { useCallback, useEffect } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** Both callbacks, when the hook is given any (as the incumbent's `useToken` has them). */
export interface UseTokenParameters {
  /** When the user gets an access token: at login, or when the page opens with a session. */
  onAccessTokenGranted: (event: { accessToken: string }) => void;
  /** When the user's access token goes: at logout, or when the session ends. */
  onAccessTokenRemoved: () => void;
}

/**
 * The user's access token, and callbacks for when it is granted or removed; the incumbent's
 * `useToken`. With cookie sessions the token stays in its HttpOnly cookie: `getAccessToken` resolves
 * null and `onAccessTokenGranted` never runs.
 *
 * @example
 * const { getAccessToken } = useToken({
 *   onAccessTokenGranted: ({ accessToken }) => console.log('logged in', accessToken.length),
 *   onAccessTokenRemoved: () => console.log('logged out'),
 * });
 * const token = await getAccessToken();
 */
export function useToken(parameters?: UseTokenParameters): {
  getAccessToken: () => Promise<string | null>;
} {
  const { client } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(() => {
    let authenticated = false;
    const check = () => {
      const now = client.getState().authenticated;
      if (now === authenticated) return;
      authenticated = now;
      if (!now) {
        callbacks.current?.onAccessTokenRemoved();
        return;
      }
      client.getAccessToken().then(
        (accessToken) => {
          if (accessToken && authenticated) callbacks.current?.onAccessTokenGranted({ accessToken });
        },
        () => undefined,
      );
    };
    check();
    return client.subscribe(check);
  }, [client, callbacks]);
  const getAccessToken = useCallback(() => client.getAccessToken(), [client]);
  return { getAccessToken };
}
