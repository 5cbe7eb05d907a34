import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from '../http/api-error.ts';

// An RFC 5321 §4.1.2 Mailbox, strictly: Local-part "@" Domain with a Dot-string local part (RFC
// 5322 atext joined by single dots; quoted local parts are not accepted) and a domain of at least
// two LDH labels (RFC 1035 §2.3.1), the last starting with a letter (no 1.2.3.4). No display names, angle brackets, commas, whitespace or control
// characters: nothing a mail library could read as a second recipient. Checked on the input as
// typed (ASCII only, either case) before it is lower-cased, so no Unicode case folding sneaks in.
const atext = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const topLabel = '[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?';
const mailboxPattern = new RegExp(`^${atext}+(?:\\.${atext}+)*@(?:${label}\\.)+${topLabel}$`, 'i');
/** RFC 5321 §4.5.3.1: a local part of at most 64 octets; a path of 256 less the angle brackets. */
const maxLocalPart = 64;
const maxAddress = 254;

/** True when `address` (trimmed) is a mailbox this server sends codes to. */
export function isMailbox(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at > 0 && at <= maxLocalPart && address.length <= maxAddress && mailboxPattern.test(address);
}

/**
 * Normalises an email address (trimmed, lower-case) or refuses it with `invalid_data`, naming the
 * body field it came from: 'Invalid email address (newAddress)'.
 */
export function normaliseEmail(input: string, field = 'email'): string {
  const email = input.trim();
  if (!isMailbox(email)) throw new ApiError('invalid_data', `Invalid email address (${field})`);
  return email.toLowerCase();
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

/** The whole check for an email a user types, from the body field `field`. */
export function acceptEmail(app: AppRecord, input: string, field = 'email'): string {
  assertEmailEnabled(app);
  const email = normaliseEmail(input, field);
  assertPlusAllowed(app, email);
  return email;
}
