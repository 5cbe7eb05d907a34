import type { LatchkeyClient, PasskeyStep } from '@latchkey/core';
import { useCallback } from 'react';
import { headlessLogin } from '../accountOf.ts';
import type { LoginCompleteEvent } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { type PasskeyFlowState, usePasskeyAction } from './usePasskeyAction.ts';

export interface UseLoginWithPasskeyParameters {
  onComplete?: (event: LoginCompleteEvent) => void;
  /** With the error code (`passkey_not_allowed` when the user cancels the browser's prompt). */
  onError?: (code: string) => void;
}

const login = (client: LatchkeyClient, onStatus: (step: PasskeyStep) => void) =>
  client.passkey.login({ onStatus });

/**
 * Logs in with a passkey the browser offers, without the modal (WIRE.md §3.5).
 *
 * @example
 * const { loginWithPasskey, state } = useLoginWithPasskey({ onComplete: ({ user }) => console.log(user.id) });
 * <button onClick={loginWithPasskey} disabled={state.status === 'awaiting-passkey'}>Log in with a passkey</button>
 */
export function useLoginWithPasskey(parameters: UseLoginWithPasskeyParameters = {}): {
  loginWithPasskey: () => Promise<void>;
  state: PasskeyFlowState;
} {
  const { events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const { run, state } = usePasskeyAction(login);
  const loginWithPasskey = useCallback(async () => {
    try {
      const { user, isNewUser } = await run();
      // The event first: `?.` would skip it, and `loggedIn` with it, when the app passed no onComplete.
      const event = headlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'passkey' });
      callbacks.current.onComplete?.(event);
    } catch (error) {
      callbacks.current.onError?.(errorCodeOf(error));
    }
  }, [run, callbacks, events]);
  return { loginWithPasskey, state };
}

/** The stable code of an SDK error, else `unknown_auth_error`. */
export const errorCodeOf = (error: unknown): string =>
  typeof (error as { code?: unknown })?.code === 'string'
    ? (error as { code: string }).code
    : 'unknown_auth_error';
