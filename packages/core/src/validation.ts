import { limits } from '@latchkey/protocol';
import { LatchkeyClientError } from './errors.ts';

/** The spec's validation texts (document 1 §5). */
export const validationMessages = {
  invalidEmail: 'Invalid email address',
  codeNotNumeric: 'Code should be numeric',
  codeLength: 'Passcode must be exactly 6 numbers',
  invalidPhoneNumber: 'Phone number is not valid',
} as const;

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Trims, validates and lower-cases an email address. Throws `invalid_input` with
 * 'Invalid email address'.
 *
 * @example
 * normaliseEmail(' Alice@Example.com ') // 'alice@example.com'
 */
export function normaliseEmail(input: string): string {
  const email = String(input ?? '').trim();
  if (email.length > 320 || !emailPattern.test(email))
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
