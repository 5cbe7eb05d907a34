// Loaded with import() when a phone screen opens: libphonenumber-js stays out of every other chunk.
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

export interface Country {
  code: string;
  name: string;
  callingCode: string;
}

/** Every country libphonenumber knows, named in the browser's language, sorted by name. */
export function listCountries(locale?: string): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' });
  } catch {
    // Old browsers: fall back on the codes.
  }
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A country code the list knows, else 'US'. */
export function supportedCountry(code: string | undefined): string {
  const upper = code?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : 'US';
}

/**
 * The number in international form when it is possible for the country (a leading '+' picks its
 * own country), else null (spec document 1 §5: 'Phone number is not valid').
 *
 * @example
 * normalisePhoneForCountry('(555) 555-0100', 'US') // '+1 555 555 0100'
 */
export function normalisePhoneForCountry(input: string, country: string): string | null {
  const phone = parsePhoneNumberFromString(input, country as CountryCode);
  if (!phone?.isPossible()) return null;
  return phone.formatInternational();
}
