import type { LatchkeyClient } from '@latchkey/core';
import { useCallback } from 'react';
import { headlessLogin } from '../accountOf.ts';
import { type LoginCallbacks, PrivyErrorCode } from '../callbacks.ts';
import type { PasskeyFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { type PasskeyCallOptions, usePasskeyAction } from './usePasskeyAction.ts';

/** `onComplete` and `onError` (`passkey_not_allowed` when the user cancels the browser's prompt). */
export type UseLoginWithPasskeyParameters = LoginCallbacks;

export interface LoginWithPasskeyOptions {
  /** Only these passkeys (credential ids) may answer: the browser offers just these. */
  credentialIds?: string[];
}

const login = (
  client: LatchkeyClient,
  { credentialIds, onStatus }: PasskeyCallOptions<LoginWithPasskeyOptions>,
) =>
  // Read field by field: an app may hand a click event straight to `loginWithPasskey`.
  client.passkey.login({ onStatus, credentialIds: Array.isArray(credentialIds) ? credentialIds : undefined });

/**
 * Logs in with a passkey the browser offers, without the modal (WIRE.md §3.5).
 *
 * @example
 * const { loginWithPasskey, state } = useLoginWithPasskey({ onComplete: ({ user }) => console.log(user.id) });
 * <button onClick={() => loginWithPasskey()} disabled={state.status === 'awaiting-passkey'}>Log in with a passkey</button>
 */
export function useLoginWithPasskey(parameters?: UseLoginWithPasskeyParameters): {
  loginWithPasskey: (options?: LoginWithPasskeyOptions) => Promise<void>;
  state: PasskeyFlowState;
} {
  const { events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const { run, state } = usePasskeyAction(login);
  const loginWithPasskey = useCallback(
    async (options: LoginWithPasskeyOptions = {}) => {
      try {
        const { user, isNewUser } = await run(options);
        // The event first: `?.` would skip it, and `loggedIn` with it, when the app passed no onComplete.
        const event = headlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'passkey' });
        callbacks.current?.onComplete?.(event);
      } catch (error) {
        callbacks.current?.onError?.(errorCodeOf(error));
        throw error;
      }
    },
    [run, callbacks, events],
  );
  return { loginWithPasskey, state };
}

/**
 * The stable code of an SDK error, else `unknown_auth_error`. The server's codes pass as they are,
 * including ones the incumbent's enum lacks, as `useLinkAccount`'s do.
 */
export const errorCodeOf = (error: unknown): PrivyErrorCode =>
  typeof (error as { code?: unknown })?.code === 'string'
    ? ((error as { code: string }).code as PrivyErrorCode)
    : PrivyErrorCode.UNKNOWN_AUTH_ERROR;
