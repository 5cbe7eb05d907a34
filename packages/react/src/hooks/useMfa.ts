import type { MfaMethod } from '@latchkey/protocol';
import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';
import type { PrivyPasskeyRequestOptions } from './usePrivy.ts';

// The bodies are usePrivy's (MFA's members are the same), loaded on the first call.
const actions = () => import('./privyActions.ts').then((m) => m.privyActions);

export interface UseMfaReturnType {
  /** The user's enrolled factors, first enrolled first. */
  mfaMethods: MfaMethod[];
  /** Asks the user to verify (the modal, or your own UI with `useRegisterMfaListener`); at once without a factor. */
  promptMfa(): Promise<void>;
  /**
   * Starts a verification: `sms` texts the code; `passkey` answers the challenge to hand to `submit`
   * (WebAuthn's request options in their JSON form, as the incumbent's).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: the incumbent's type, as it declares it
  init(method: MfaMethod): Promise<void | PrivyPasskeyRequestOptions>;
  /**
   * The user's code (or, for `passkey`, `init`'s challenge: the browser asks for the passkey) for the
   * operation waiting on it; resolves once it went through, rejects when it did not (see the
   * `errorIndicates…` helpers).
   */
  submit(method: MfaMethod, code: string | PrivyPasskeyRequestOptions): Promise<void>;
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
  const context = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const mfaMethods = useMemo(
    () =>
      [...(user?.mfa_methods ?? [])]
        .sort((a, b) => a.verified_at - b.verified_at)
        .map((m) => m.type)
        .filter((type): type is MfaMethod => type === 'sms' || type === 'totp' || type === 'passkey'),
    [user],
  );
  return useMemo(
    () => ({
      mfaMethods,
      promptMfa: async () => (await actions()).promptMfa(context),
      init: async (method) =>
        (await actions()).init(context, method) as Promise<PrivyPasskeyRequestOptions | undefined>,
      submit: async (method, code) => (await actions()).submit(context, method, code as never),
      cancel: () => {
        void actions().then((a) => a.cancel(context));
      },
      clear: async () => (await actions()).clear(context),
    }),
    [context, mfaMethods],
  );
}
