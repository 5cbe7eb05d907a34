import type { MfaMethod, PasskeyVerifyOptions } from '@latchkey/protocol';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { mfaBroker } from '../embedded/mfa/broker.ts';
import { userMfaMethods } from '../embedded/mfa/methods.ts';
import { LatchkeyClientError } from '../errors.ts';
import { relyingParty } from '../flows/passkey.ts';
import { initMfaPasskey, passkeyMfaCode, sendMfaSmsCode } from './verification.ts';

/**
 * Multi-factor for a logged-in user, on the client's wallet frame (which holds the MFA token) and its
 * MFA broker: the incumbent's `useMfa` / `useMfaEnrollment` calls, without React.
 */
export interface MfaClient {
  /** The user's enrolled factors, first enrolled first. */
  methods(): MfaMethod[];
  /** Asks the user to verify (the modal, or the app's own UI), and resolves once they did; at once without a factor. */
  promptMfa(): Promise<void>;
  /**
   * Starts a verification with `method`: `sms` texts the code to the user's number; `passkey` answers
   * the challenge to pass back to `submit`; `totp` needs nothing.
   */
  init(method: MfaMethod): Promise<PasskeyVerifyOptions | undefined>;
  /**
   * The user's code (or, for `passkey`, the options `init` gave: the ceremony runs here) for the
   * operation waiting on it; resolves once it went through. Rejects with `missing_or_invalid_mfa`
   * ('MFA verification failed, retry.': ask again), `mfa_timeout` or
   * `mfa_verification_max_attempts_reached`.
   */
  submit(method: MfaMethod, code: string | PasskeyVerifyOptions): Promise<void>;
  /** Gives up the waiting verification: its operation fails with `client_error` 'MFA canceled'. */
  cancel(): void;
  /** Drops the frame's MFA token: the next gated operation asks again. */
  clear(): Promise<void>;
  initEnrollmentWithSms(params: { phoneNumber: string }): Promise<void>;
  submitEnrollmentWithSms(params: { phoneNumber: string; mfaCode: string }): Promise<void>;
  /** A new authenticator secret: `authUrl` (otpauth://) goes in the QR code, `secret` is the setup key. */
  initEnrollmentWithTotp(): Promise<{ secret: string; authUrl: string }>;
  submitEnrollmentWithTotp(params: { mfaCode: string }): Promise<void>;
  /** The passkeys (credential ids of the user's linked passkeys) that verify from now on. */
  submitEnrollmentWithPasskey(
    params: { credentialIds: string[] },
    options?: { removeForLogin?: boolean | undefined },
  ): Promise<void>;
  /** Removes a factor; for `passkey`, every passkey stops being one (`removeForLogin`: and is unlinked). */
  unenroll(method: MfaMethod, options?: { removeForLogin?: boolean | undefined }): Promise<void>;
  /** Unlinks a passkey, through the frame when it is a factor (removing one needs MFA). */
  unlinkPasskey(credentialId: string, options?: { removeAsMfa?: boolean | undefined }): Promise<void>;
}

/**
 * @example
 * const mfa = createMfaClient(client);
 * const { secret, authUrl } = await mfa.initEnrollmentWithTotp();
 * await mfa.submitEnrollmentWithTotp({ mfaCode: '123456' });
 */
export function createMfaClient(client: LatchkeyClient): MfaClient {
  const broker = mfaBroker(client);
  const frame = async () => {
    if (!client.getState().user) throw new LatchkeyClientError('must_be_authenticated');
    return (await client.embeddedWallets()).mfa;
  };
  const code = (value: string | PasskeyVerifyOptions): string => {
    if (typeof value !== 'string') throw new LatchkeyClientError('invalid_input', 'Invalid MFA code');
    return value.replace(/\s+/g, '');
  };
  return {
    methods: () => userMfaMethods(client.getState().user),
    async promptMfa() {
      if (userMfaMethods(client.getState().user).length === 0) return;
      await (await frame()).verify();
    },
    async init(method) {
      if (method === 'sms') await sendMfaSmsCode(client.http);
      if (method === 'passkey') return (await initMfaPasskey(client.http)).options;
      return undefined;
    },
    async submit(method, value) {
      if (method === 'passkey') {
        if (typeof value === 'string')
          throw new LatchkeyClientError('invalid_input', 'Invalid authenticator response');
        const rp = relyingParty().relying_party ?? '';
        return broker.submit(await passkeyMfaCode(value, rp));
      }
      return broker.submit({ method, code: code(value) });
    },
    cancel: () => broker.cancel(),
    clear: async () => (await frame()).clear(),
    async initEnrollmentWithSms({ phoneNumber }) {
      await (await frame()).initEnrollment({ method: 'sms', phoneNumber });
    },
    async submitEnrollmentWithSms({ phoneNumber, mfaCode }) {
      await (await frame()).submitEnrollment({ method: 'sms', phoneNumber, code: code(mfaCode) });
    },
    async initEnrollmentWithTotp() {
      const reply = await (await frame()).initEnrollment({ method: 'totp' });
      return { secret: reply.secret ?? '', authUrl: reply.authUrl ?? '' };
    },
    async submitEnrollmentWithTotp({ mfaCode }) {
      await (await frame()).submitEnrollment({ method: 'totp', code: code(mfaCode) });
    },
    async submitEnrollmentWithPasskey({ credentialIds }, options = {}) {
      await (await frame()).submitEnrollment({
        method: 'passkey',
        credentialIds,
        ...(options.removeForLogin === undefined ? {} : { removeForLogin: options.removeForLogin }),
      });
    },
    unenroll: async (method, options) => (await frame()).unenroll(method, options),
    async unlinkPasskey(credentialId, options = {}) {
      // A passkey that is a factor goes through the frame (client.passkey.unlink sees to it).
      await client.passkey.unlink({ credentialId, removeAsMfa: options.removeAsMfa });
    },
  };
}
