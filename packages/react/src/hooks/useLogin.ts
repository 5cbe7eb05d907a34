import { useCallback, useEffect, useRef } from 'react';
import type { LoginCallbacks, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';
import { useLatestRef } from './useLatestCallback.ts';

/**
 * `onComplete` after a login through the modal, or once when the user was already logged in;
 * `onError` with the error code when a login fails, or 'exited_auth_flow' when the user closes the modal.
 */
export type UseLoginParameters = LoginCallbacks;

/**
 * Opens the login modal, with callbacks for how it ended.
 *
 * @example
 * const { login } = useLogin({ onComplete: ({ user, isNewUser }) => console.log(user.id, isNewUser) });
 */
export function useLogin(parameters: UseLoginParameters = {}): { login: () => void } {
  const { events, openModal } = useLatchkeyContext();
  const state = useLatchkeyState();
  const callbacks = useLatestRef(parameters);

  useEffect(() => {
    const offComplete = events.on('loginComplete', (event) => callbacks.current.onComplete?.(event));
    const offError = events.on('loginError', (code) => callbacks.current.onError?.(code as PrivyErrorCode));
    return () => {
      offComplete();
      offError();
    };
  }, [events, callbacks]);

  // A user who arrives already logged in (restored session) completes once, as the incumbent does.
  const settled = useRef(false);
  useEffect(() => {
    if (!state.ready || settled.current) return;
    settled.current = true;
    if (state.user) {
      const user = toClientUser(state.user);
      callbacks.current.onComplete?.({
        user,
        isNewUser: false,
        wasAlreadyAuthenticated: true,
        loginMethod: null,
        loginAccount: null,
      });
    }
  }, [state.ready, state.user, callbacks]);

  return { login: useCallback(() => openModal('login'), [openModal]) };
}
