import { describe, expect, it } from 'vitest';
import { normaliseCode, normaliseEmail, normalisePhoneNumber } from './validation.ts';

describe('validation', () => {
  it('emails: trimmed and lower-cased, or "Invalid email address"', () => {
    expect(normaliseEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(normaliseEmail("O'Brien+tag@Mail.Example.co")).toBe("o'brien+tag@mail.example.co");
    const bad = ['', 'a', 'a@b', 'a@@b.co', 'a b@c.co', '@b.co', 'a@.co', 'x<victim@example.com'];
    bad.push('a,victim@example.com', 'Evil <v@example.com>', '"q"@example.com', 'a..b@example.com');
    bad.push('a.@example.com', 'a@-x.com', 'a@1.2.3.4', 'ü@example.com', `${'a'.repeat(65)}@example.com`);
    for (const email of bad) expect(() => normaliseEmail(email), email).toThrow('Invalid email address');
  });

  it('codes: whitespace stripped, digits only, exactly 6', () => {
    expect(normaliseCode(' 12 34\t56 ')).toBe('123456');
    expect(() => normaliseCode('12a456')).toThrow('Code should be numeric');
    expect(() => normaliseCode('12345')).toThrow('Passcode must be exactly 6 numbers');
    expect(() => normaliseCode('1234567')).toThrow('Passcode must be exactly 6 numbers');
  });

  it('phone numbers: a light shape check', () => {
    expect(normalisePhoneNumber(' +1 (555) 555-0100 ')).toBe('+1 (555) 555-0100');
    for (const bad of ['', '12', 'call me', '+1 555 555 0100 0100 0100'])
      expect(() => normalisePhoneNumber(bad), bad).toThrow('Phone number is not valid');
  });
});
