import type { AppRecord } from '../apps/app-record.ts';
import { ApiError } from '../http/api-error.ts';

// Practical address check: one @, a non-empty local part, a dotted domain, no spaces.
const emailPattern =
  /^[^\s@]{1,64}@(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** Normalises an email address (trimmed, lower-case) or throws 'Invalid email address'. */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!emailPattern.test(email)) throw new ApiError('invalid_data', 'Invalid email address');
  return email;
}

/** Apps may refuse plus-addresses, which make throwaway sign-ups trivial. */
export function assertPlusAllowed(app: AppRecord, email: string): void {
  if (app.config.disable_plus_emails && email.slice(0, email.indexOf('@')).includes('+')) {
    throw new ApiError('disallowed_plus_email', "Please enter a valid email address without a '+'.");
  }
}

export function assertEmailEnabled(app: AppRecord): void {
  if (!app.config.email_auth)
    throw new ApiError('disallowed_login_method', 'Email login is not enabled for this app.');
}

/** The whole check for an email a user types. */
export function acceptEmail(app: AppRecord, input: string): string {
  assertEmailEnabled(app);
  const email = normaliseEmail(input);
  assertPlusAllowed(app, email);
  return email;
}
