import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LoginCallbacks } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type OtpFlowState, otpLoginActions } from './headlessLogin.ts';
import { sharedOtpLogin } from './sharedOtpLogin.ts';
import { useLatestRef } from './useLatestCallback.ts';
import type { LoginWithCode } from './useLoginWithEmail.ts';

export type SendCodeToSms = {
  /** International form (`+44 …`); a number without a country code is read as US. */
  phoneNumber: string;
  /** Log in only: a number no user has yet is refused (`user_does_not_exist`). */
  disableSignup?: boolean;
};

export type UseLoginWithSms = {
  /** Texts a one-time code to the number; rejects (and `onError`) when it cannot. */
  sendCode: ({ phoneNumber, disableSignup }: SendCodeToSms) => Promise<void>;
  /** Logs in with the code sent last; a wrong one may be retried (the server caps the attempts). */
  loginWithCode: ({ code }: LoginWithCode) => Promise<void>;
  state: OtpFlowState;
};

/**
 * SMS login with the app's own screens (the incumbent's `useLoginWithSms`): `sendCode`, then
 * `loginWithCode`; `state` as `useLoginWithEmail`'s.
 *
 * @example
 * const { sendCode, loginWithCode } = useLoginWithSms({ onError: (code) => console.warn(code) });
 * await sendCode({ phoneNumber: '+1 555 555 0100' });
 * await loginWithCode({ code: '123456' });
 */
export function useLoginWithSms(callbacks?: LoginCallbacks): UseLoginWithSms {
  const { client, events } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  // The provider's code login, shared by every hook under it (send here, log in from another screen).
  const shared = useMemo(() => sharedOtpLogin(client, 'sms'), [client]);
  const state = useSyncExternalStore(shared.subscribe, shared.getState, shared.getState);
  const actions = useMemo(
    () => otpLoginActions({ client, events }, 'sms', latest, shared.flow),
    [client, events, latest, shared],
  );
  const sendCode = useCallback(
    ({ phoneNumber, disableSignup }: SendCodeToSms) => actions.sendCode(phoneNumber, disableSignup),
    [actions],
  );
  return { sendCode, loginWithCode: actions.loginWithCode, state };
}
