/*
 * Telling MFA failures apart (the incumbent's helpers), for apps with their own MFA UI: by the
 * wallet proxy's error types (spec document 2 §8). Written here rather than re-exported from
 * `@latchkey/core/mfa`, which would put the MFA code in every app's first load.
 */

const typeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;

/** The code did not verify ('MFA verification failed, retry.'): ask again. */
export const errorIndicatesMfaVerificationFailed = (error: unknown): boolean =>
  typeOf(error) === 'missing_or_invalid_mfa';
/** No code within 300 s (or the operation's 1,260,000 ms were up). */
export const errorIndicatesMfaTimeout = (error: unknown): boolean => typeOf(error) === 'mfa_timeout';
/** Four codes failed: the operation is over. */
export const errorIndicatesMaxMfaRetries = (error: unknown): boolean =>
  typeOf(error) === 'mfa_verification_max_attempts_reached';
