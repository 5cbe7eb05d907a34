import type { TooManyRequestsData } from '@latchkey/protocol';
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

/** A 429 `too_many_requests`: a rate limit, or (for a code) the identifier locked after its attempts. */
export const isTooManyRequests = (error: unknown): error is LatchkeyApiError =>
  error instanceof LatchkeyApiError && error.code === 'too_many_requests';

/**
 * When a refused request may succeed (ms since the epoch, from the 429's `data.retry_after_seconds`,
 * its `Retry-After` header in the body), or null when the server did not say.
 */
export function retryAt(error: unknown, now: number = Date.now()): number | null {
  if (!isTooManyRequests(error)) return null;
  const seconds = (error.data as Partial<TooManyRequestsData> | null | undefined)?.retry_after_seconds;
  return typeof seconds === 'number' && seconds >= 0 ? now + seconds * 1000 : null;
}

/**
 * What a failed step's screen offers. Only errors that can go another way on a second try get
 * 'retry'; the others offer the real next step:
 * - 'wait': a limit that ends (too_many_requests): the wait, then back where the user was.
 * - 'edit-address': the typed email or number cannot be used (held by another user, refused): back
 *   to the field with its text selected. Only when the error came from a code sent to an address.
 * - 'restart': this method cannot work here; another method can (the flow's first screen).
 * - 'close': nothing in this flow can succeed (the app's configuration, the account's limits).
 */
export type ErrorNextStep = 'retry' | 'wait' | 'edit-address' | 'restart' | 'close';

/** Server codes no second try of the same step can change, and what to offer instead. */
const dead: Partial<Record<string, Exclude<ErrorNextStep, 'wait'>>> = {
  // A 400 that a new captcha token can pass.
  invalid_captcha: 'retry',
  linked_to_another_user: 'edit-address',
  disallowed_plus_email: 'edit-address',
  invalid_data: 'edit-address',
  cannot_link_more_of_type: 'close',
  linked_account_not_found: 'close',
  invalid_origin: 'close',
  missing_origin: 'close',
  invalid_native_app_id: 'close',
  disallowed_login_method: 'restart',
  not_supported: 'restart',
  oauth_account_suspended: 'restart',
  feature_not_enabled: 'restart',
};

/**
 * The next step for a failed flow's error screen; `address` says the error came from a code sent to
 * an email or number the user typed (so 'edit-address' is possible), `login` that the flow is a login
 * (whose first screen offers other methods).
 *
 * @example
 * errorNextStep(new LatchkeyApiError(400, 'linked_to_another_user', '…'), { address: true, login: false })
 * // 'edit-address'
 */
export function errorNextStep(error: unknown, context: { address: boolean; login: boolean }): ErrorNextStep {
  if (isTooManyRequests(error)) return 'wait';
  if (!(error instanceof LatchkeyError)) return 'retry';
  let step = dead[error.code];
  // A 400 or 422 names what was wrong with the input: the same input fails the same way.
  if (!step && error instanceof LatchkeyApiError && (error.status === 400 || error.status === 422))
    step = 'edit-address';
  // A client-side invalid input (a request the SDK could not build) fails again too.
  if (!step && error.code === 'invalid_input') step = 'close';
  if (!step || step === 'retry') return 'retry';
  if (step === 'edit-address' && !context.address) return context.login ? 'restart' : 'close';
  if (step === 'restart' && !context.login) return 'close';
  return step;
}

/** The embedded-wallet frame's error type (`wallet_not_on_device`, `invalid_recovery_pin`, …). */
export const frameErrorType = (error: unknown): unknown => (error as { type?: unknown } | null)?.type;
