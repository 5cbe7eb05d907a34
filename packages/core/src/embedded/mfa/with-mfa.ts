import { type FrameMfaData, limits } from '@latchkey/protocol';
import {
  errorIndicatesMfaVerificationFailed,
  mfaMaxAttemptsError,
  mfaRetryError,
  mfaTimeoutError,
} from './errors.ts';
import { type MfaCode, type MfaGate, mfaFields } from './gate.ts';

export interface WithMfaOptions {
  /**
   * Ask for a code before the first try (`promptMfa`, the verify event): the user asked to verify,
   * whatever token the frame may hold.
   */
  force?: boolean | undefined;
  now?: (() => number) | undefined;
}

/**
 * Runs a wallet-frame request that the server may refuse for MFA (spec document 1 §4 'MFA', document
 * 2 §9; WIRE.md §6). It is sent as it is first (the frame may hold a live token); when the frame
 * answers `missing_or_invalid_mfa`, the user's code is awaited and the request sent again with the MFA
 * fields, up to 4 codes: a code that does not verify re-prompts ('MFA verification failed, retry.'),
 * and the fourth failure ends the operation with `mfa_verification_max_attempts_reached`. Each code
 * is waited for 300 s at most, and no wait runs past 1,260,000 ms from the start of the operation
 * (`mfa_timeout` either way). Without a gate, or for a user without a factor, the refusal is the
 * caller's.
 *
 * @example
 * const reply = await withMfa(gate, (mfa) => proxy.request('privy:wallets:rpc', { ...data, ...mfa }));
 */
export async function withMfa<T>(
  gate: MfaGate | null | undefined,
  run: (mfa: FrameMfaData) => Promise<T>,
  options: WithMfaOptions = {},
): Promise<T> {
  const now = options.now ?? Date.now;
  const deadline = now() + limits.mfaOperationTimeoutMs;
  let codes = 0;
  let code: MfaCode | null = null;
  let refusal: unknown = null;
  let needCode = options.force === true;
  for (;;) {
    if (needCode) {
      if (!gate || gate.methods().length === 0) throw refusal ?? mfaRetryError();
      if (codes >= limits.mfaMaxAttempts) {
        const error = mfaMaxAttemptsError();
        gate.settle(error);
        throw error;
      }
      const waitMs = Math.min(limits.mfaCodeWaitMs, deadline - now());
      if (waitMs <= 0) {
        const error = mfaTimeoutError();
        gate.settle(error);
        throw error;
      }
      code = await gate.awaitCode({ retry: codes > 0, waitMs });
      // Null: another operation's code just went through; the frame's token may serve this one too.
      if (code !== null) codes += 1;
    }
    try {
      const result = await run(code ? mfaFields(code) : {});
      if (code) gate?.settle();
      return result;
    } catch (error) {
      if (!errorIndicatesMfaVerificationFailed(error)) {
        if (code) gate?.settle(error);
        throw error;
      }
      refusal = error;
      needCode = true;
    }
  }
}
