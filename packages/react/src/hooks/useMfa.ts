import type { MfaMethod, PasskeyVerifyOptions } from '@latchkey/protocol';
import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { loadMfaClient } from './mfaClient.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

export interface UseMfaReturnType {
  /** The user's enrolled factors, first enrolled first. */
  mfaMethods: MfaMethod[];
  /** Asks the user to verify (the modal, or your own UI with `useRegisterMfaListener`); at once without a factor. */
  promptMfa(): Promise<void>;
  /** Starts a verification: `sms` texts the code; `passkey` answers the challenge to hand to `submit`. */
  init(method: MfaMethod): Promise<PasskeyVerifyOptions | undefined>;
  /**
   * The user's code (or, for `passkey`, `init`'s challenge: the browser asks for the passkey) for the
   * operation waiting on it; resolves once it went through, rejects when it did not (see the
   * `errorIndicates…` helpers).
   */
  submit(method: MfaMethod, code: string | PasskeyVerifyOptions): Promise<void>;
  /** Gives up the waiting verification: its operation fails with `client_error` 'MFA canceled'. */
  cancel(): void;
  /** Drops the wallet frame's MFA token: the next protected operation asks again. */
  clear(): Promise<void>;
}

/**
 * Multi-factor verification for your own UI (with `useRegisterMfaListener`, which keeps the modal
 * closed), as the incumbent's `useMfa`. The MFA code loads on the first call.
 *
 * @example
 * const { mfaMethods, init, submit } = useMfa();
 * await init('sms');
 * await submit('sms', code); // rejects with errorIndicatesMfaVerificationFailed on a wrong code
 */
export function useMfa(): UseMfaReturnType {
  const { client } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const mfaMethods = useMemo(
    () =>
      [...(user?.mfa_methods ?? [])]
        .sort((a, b) => a.verified_at - b.verified_at)
        .map((m) => m.type)
        .filter((type): type is MfaMethod => type === 'sms' || type === 'totp' || type === 'passkey'),
    [user],
  );
  return useMemo(() => {
    const mfa = () => loadMfaClient(client);
    return {
      mfaMethods,
      promptMfa: async () => (await mfa()).promptMfa(),
      init: async (method) => (await mfa()).init(method),
      submit: async (method, code) => (await mfa()).submit(method, code),
      cancel: () => {
        void mfa().then((m) => m.cancel());
      },
      clear: async () => (await mfa()).clear(),
    };
  }, [client, mfaMethods]);
}
