import { LatchkeyApiError, LatchkeyError } from '../errors.ts';

/** The stable code a flow reports to `onError`. */
export function errorCode(error: unknown): string {
  return error instanceof LatchkeyError ? error.code : 'unknown_auth_error';
}

/**
 * The message to show under the code boxes when a submitted code is wrong, or null when the
 * error needs a screen of its own. A wrong code shakes and resets; it does not leave the screen.
 */
export function codeEntryError(error: unknown): string | null {
  if (!(error instanceof LatchkeyError)) return null;
  if (error.code === 'invalid_credentials') return error.message;
  if (error instanceof LatchkeyApiError && error.status === 422) return error.message;
  if (error.code === 'invalid_input') return error.message;
  return null;
}

/** The embedded-wallet frame's error type (`wallet_not_on_device`, `invalid_recovery_pin`, …). */
export const frameErrorType = (error: unknown): unknown => (error as { type?: unknown } | null)?.type;
