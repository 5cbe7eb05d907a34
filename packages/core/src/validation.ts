import { limits } from '@latchkey/protocol';
import { LatchkeyClientError } from './errors.ts';

/** The spec's validation texts (document 1 §5). */
export const validationMessages = {
  invalidEmail: 'Invalid email address',
  codeNotNumeric: 'Code should be numeric',
  codeLength: 'Passcode must be exactly 6 numbers',
  invalidPhoneNumber: 'Phone number is not valid',
} as const;

// The server's rule (RFC 5321 mailbox: a dot-atom local part of at most 64 characters, a domain
// of LDH labels ending in one that starts with a letter, 254 in all): what it would refuse is
// refused here before a request is made.
const atext = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const topLabel = '[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?';
const emailPattern = new RegExp(`^${atext}+(?:\\.${atext}+)*@(?:${label}\\.)+${topLabel}$`, 'i');

/**
 * Trims, validates and lower-cases an email address. Throws `invalid_input` with
 * 'Invalid email address'.
 *
 * @example
 * normaliseEmail(' Alice@Example.com ') // 'alice@example.com'
 */
export function normaliseEmail(input: string): string {
  const email = String(input ?? '').trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64 || email.length > 254 || !emailPattern.test(email))
    throw new LatchkeyClientError('invalid_input', validationMessages.invalidEmail);
  return email.toLowerCase();
}

/**
 * Strips whitespace from a one-time code and checks it is exactly 6 digits.
 *
 * @example
 * normaliseCode('123 456') // '123456'
 */
export function normaliseCode(input: string): string {
  const code = String(input ?? '').replace(/\s+/g, '');
  if (!/^\d*$/.test(code)) throw new LatchkeyClientError('invalid_input', validationMessages.codeNotNumeric);
  if (code.length !== limits.verificationCodeLength)
    throw new LatchkeyClientError('invalid_input', validationMessages.codeLength);
  return code;
}

/**
 * A light check of a phone number: digits with optional `+`, spaces, dots, dashes and brackets,
 * 4 to 15 digits. The server parses it fully (libphonenumber); the UI does per-country checks.
 *
 * @example
 * normalisePhoneNumber(' +1 555 555 0100 ') // '+1 555 555 0100'
 */
export function normalisePhoneNumber(input: string): string {
  const phone = String(input ?? '').trim();
  const digits = phone.replace(/\D/g, '').length;
  if (!/^\+?[\d\s().-]+$/.test(phone) || digits < 4 || digits > 15)
    throw new LatchkeyClientError('invalid_input', validationMessages.invalidPhoneNumber);
  return phone;
}
