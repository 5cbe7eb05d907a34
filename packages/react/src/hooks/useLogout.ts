import { useCallback, useEffect } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { logout } from './latchkeyActions.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseLogoutParameters {
  /** After any `logout()` call has cleared the session. */
  onSuccess?: () => void;
}

/**
 * Logs the user out; the local session is cleared even if the server call fails.
 *
 * @example
 * const { logout } = useLogout({ onSuccess: () => navigate('/') });
 */
export function useLogout(parameters: UseLogoutParameters = {}): { logout: () => Promise<void> } {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(() => events.on('logout', () => callbacks.current.onSuccess?.()), [events, callbacks]);
  return { logout: useCallback(() => logout(client, events), [client, events]) };
}
