import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LoginCallbacks } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type OtpFlowState, otpLoginActions } from './headlessLogin.ts';
import { sharedOtpLogin } from './sharedOtpLogin.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type { OtpFlowState };

/** The code the user typed (`loginWithCode`). */
export type LoginWithCode = {
  code: string;
};

export type SendCodeToEmail = {
  email: string;
  /** Log in only: an address no user has yet is refused (`user_does_not_exist`). */
  disableSignup?: boolean;
};

export type UseLoginWithEmail = {
  /** Sends a one-time code to the address; rejects (and `onError`) when it cannot. */
  sendCode: ({ email, disableSignup }: SendCodeToEmail) => Promise<void>;
  /** Logs in with the code sent last; a wrong one may be retried (the server caps the attempts). */
  loginWithCode: ({ code }: LoginWithCode) => Promise<void>;
  state: OtpFlowState;
};

/**
 * Email login with the app's own screens (the incumbent's `useLoginWithEmail`): `sendCode`, then
 * `loginWithCode`; `state` follows `sending-code` → `awaiting-code-input` → `submitting-code` → `done`.
 *
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithEmail({ onComplete: ({ user }) => console.log(user.id) });
 * await sendCode({ email: 'alice@example.com' });
 * await loginWithCode({ code: '123456' });
 */
export function useLoginWithEmail(callbacks?: LoginCallbacks): UseLoginWithEmail {
  const { client, events } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  // The provider's code login, shared by every hook under it (send here, log in from another screen).
  const shared = useMemo(() => sharedOtpLogin(client, 'email'), [client]);
  const state = useSyncExternalStore(shared.subscribe, shared.getState, shared.getState);
  const actions = useMemo(
    () => otpLoginActions({ client, events }, 'email', latest, shared.flow),
    [client, events, latest, shared],
  );
  const sendCode = useCallback(
    ({ email, disableSignup }: SendCodeToEmail) => actions.sendCode(email, disableSignup),
    [actions],
  );
  return { sendCode, loginWithCode: actions.loginWithCode, state };
}
