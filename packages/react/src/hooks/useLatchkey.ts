import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import { type LatchkeyActions, latchkeyActions } from './latchkeyActions.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

export interface UseLatchkeyReturnType extends LatchkeyActions {
  /** True once the app config is loaded and the session restored. */
  ready: boolean;
  authenticated: boolean;
  user: ClientUser | null;
  /**
   * Why Latchkey could not start (a malformed app id or apiUrl, an unreachable server, an unknown
   * app), undefined otherwise; `ready` stays false while it is set, and the console has the fix.
   */
  error: Error | undefined;
}

/**
 * The session and every action: login, logout, tokens, linking and unlinking.
 *
 * @example
 * const { ready, authenticated, user, login, logout } = useLatchkey();
 * if (ready && !authenticated) return <button onClick={login}>Log in</button>;
 */
export function useLatchkey(): UseLatchkeyReturnType {
  const context = useLatchkeyContext();
  const state = useLatchkeyState();
  const actions = useMemo(() => latchkeyActions(context), [context]);
  const user = state.user ? toClientUser(state.user) : null;
  return useMemo(
    () => ({ ...actions, ready: state.ready, authenticated: state.authenticated, user, error: state.error }),
    [actions, state.ready, state.authenticated, user, state.error],
  );
}
