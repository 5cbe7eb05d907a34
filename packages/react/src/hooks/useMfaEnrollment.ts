import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { loadMfaClient } from './mfaClient.ts';
import { type UseMfaEnrollmentUIReturnType, useMfaEnrollmentUI } from './useMfaEnrollmentUI.ts';

export interface UseMfaEnrollmentReturnType extends UseMfaEnrollmentUIReturnType {
  /** Texts an enrolment code to `phoneNumber`. */
  initEnrollmentWithSms(params: { phoneNumber: string }): Promise<void>;
  submitEnrollmentWithSms(params: { phoneNumber: string; mfaCode: string }): Promise<void>;
  /** A new authenticator secret: put `authUrl` in a QR code, show `secret` as the setup key. */
  initEnrollmentWithTotp(): Promise<{ secret: string; authUrl: string }>;
  submitEnrollmentWithTotp(params: { mfaCode: string }): Promise<void>;
  /** Nothing to start: the user's linked passkeys are enrolled by credential id. */
  initEnrollmentWithPasskey(): Promise<void>;
  submitEnrollmentWithPasskey(
    params: { credentialIds: string[] },
    options?: { removeForLogin?: boolean },
  ): Promise<void>;
  unenrollWithSms(): Promise<void>;
  unenrollWithTotp(): Promise<void>;
  /** Every passkey stops being a factor (`removeForLogin`: and is unlinked). */
  unenrollWithPasskey(options?: { removeForLogin?: boolean }): Promise<void>;
}

/**
 * MFA enrolment without the modal, as the incumbent's `useMfaEnrollment` (and the modal itself:
 * `showMfaEnrollmentModal`). Once the user has a factor, adding or removing one asks them to verify
 * (the modal, or your `useRegisterMfaListener` UI). The MFA code loads on the first call.
 *
 * @example
 * const { initEnrollmentWithTotp, submitEnrollmentWithTotp } = useMfaEnrollment();
 * const { authUrl } = await initEnrollmentWithTotp(); // show it as a QR code
 * await submitEnrollmentWithTotp({ mfaCode: '123456' });
 */
export function useMfaEnrollment(): UseMfaEnrollmentReturnType {
  const { client } = useLatchkeyContext();
  const ui = useMfaEnrollmentUI();
  return useMemo(() => {
    const mfa = () => loadMfaClient(client);
    return {
      ...ui,
      initEnrollmentWithSms: async (params) => (await mfa()).initEnrollmentWithSms(params),
      submitEnrollmentWithSms: async (params) => (await mfa()).submitEnrollmentWithSms(params),
      initEnrollmentWithTotp: async () => (await mfa()).initEnrollmentWithTotp(),
      submitEnrollmentWithTotp: async (params) => (await mfa()).submitEnrollmentWithTotp(params),
      initEnrollmentWithPasskey: async () => undefined,
      submitEnrollmentWithPasskey: async (params, options) =>
        (await mfa()).submitEnrollmentWithPasskey(params, options),
      unenrollWithSms: async () => (await mfa()).unenroll('sms'),
      unenrollWithTotp: async () => (await mfa()).unenroll('totp'),
      unenrollWithPasskey: async (options) => (await mfa()).unenroll('passkey', options),
    };
  }, [client, ui]);
}
