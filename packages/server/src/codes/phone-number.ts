import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from '../http/api-error.ts';

export interface PhoneNumber {
  /** E.164, the account identifier: +15555551234. */
  e164: string;
  /** International display form: +1 555 555 1234. */
  display: string;
}

/**
 * Parses and normalises a phone number (libphonenumber-js). Numbers without a country code are
 * read as US, the clients' default country; the number must be possible for its country.
 */
export function normalisePhone(input: string): PhoneNumber {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  if (!parsed?.isPossible()) throw new ApiError('invalid_data', 'Invalid phone number');
  return { e164: parsed.number, display: parsed.formatInternational() };
}

export function assertSmsEnabled(app: AppRecord): void {
  if (!app.config.sms_auth)
    throw new ApiError('disallowed_login_method', 'SMS login is not enabled for this app.');
}

/** The whole check for a phone number a user types. */
export function acceptPhone(app: AppRecord, input: string): PhoneNumber {
  assertSmsEnabled(app);
  return normalisePhone(input);
}
