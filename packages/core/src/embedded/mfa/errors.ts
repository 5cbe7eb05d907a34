import { EmbeddedWalletError } from '../errors.ts';

/** The wallet proxy's MFA messages (spec document 2 §8). */
export const mfaMessages = {
  /** A wrong or missing code: the user is asked again. */
  retry: 'MFA verification failed, retry.',
  timeout: 'Timed out waiting for MFA code',
  maxAttempts: 'Max MFA verification attempts reached',
  /** `useMfa().cancel()`: the app's own UI gave up. */
  canceled: 'MFA canceled',
  /** The modal was closed before the verification succeeded. */
  closed: 'Canceled MFA verification.',
} as const;

/** The submitted code did not verify; the next one is awaited. */
export const mfaRetryError = () => new EmbeddedWalletError('missing_or_invalid_mfa', mfaMessages.retry);
/** No code within 300 s, or the operation's 1,260,000 ms are up. */
export const mfaTimeoutError = () => new EmbeddedWalletError('mfa_timeout', mfaMessages.timeout);
/** The fourth code did not verify either. */
export const mfaMaxAttemptsError = () =>
  new EmbeddedWalletError('mfa_verification_max_attempts_reached', mfaMessages.maxAttempts);
/** The user left (the app's `cancel`, or the modal's close). */
export const mfaCanceledError = (message: string = mfaMessages.canceled) =>
  new EmbeddedWalletError('client_error', message);

const typeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;

/** The operation was refused for MFA (or the code did not verify): ask for a code. */
export const errorIndicatesMfaVerificationFailed = (error: unknown): boolean =>
  typeOf(error) === 'missing_or_invalid_mfa';
/** No code came in time. */
export const errorIndicatesMfaTimeout = (error: unknown): boolean => typeOf(error) === 'mfa_timeout';
/** Four codes failed: the operation is over. */
export const errorIndicatesMaxMfaRetries = (error: unknown): boolean =>
  typeOf(error) === 'mfa_verification_max_attempts_reached';
/** The user gave up the verification. */
export const errorIndicatesMfaCanceled = (error: unknown): boolean => typeOf(error) === 'client_error';
