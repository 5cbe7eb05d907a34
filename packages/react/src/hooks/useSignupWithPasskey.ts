import type { LatchkeyClient } from '@latchkey/core';
import { useCallback } from 'react';
import { headlessLogin } from '../accountOf.ts';
import type { LoginCallbacks } from '../callbacks.ts';
import type { PasskeyFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';
import { type PasskeyCallOptions, usePasskeyAction } from './usePasskeyAction.ts';

/** `onComplete` and `onError`. */
export type UseSignupWithPasskeyParameters = LoginCallbacks;

const signup = (client: LatchkeyClient, { onStatus }: PasskeyCallOptions<object>) =>
  client.passkey.signup({ onStatus });

/**
 * Signs a new user up with a new passkey, without the modal; the app must allow it
 * (`passkeys_for_signup_enabled`).
 *
 * @example
 * const { signupWithPasskey, state } = useSignupWithPasskey({ onComplete: ({ user }) => console.log(user.id) });
 */
export function useSignupWithPasskey(parameters?: UseSignupWithPasskeyParameters): {
  signupWithPasskey: () => Promise<void>;
  state: PasskeyFlowState;
} {
  const { events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const { run, state } = usePasskeyAction(signup);
  const signupWithPasskey = useCallback(async () => {
    try {
      const { user, isNewUser } = await run({});
      // The event first: `?.` would skip it, and `loggedIn` with it, when the app passed no onComplete.
      const event = headlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'passkey' });
      callbacks.current?.onComplete?.(event);
    } catch (error) {
      callbacks.current?.onError?.(errorCodeOf(error));
      throw error;
    }
  }, [run, callbacks, events]);
  return { signupWithPasskey, state };
}
