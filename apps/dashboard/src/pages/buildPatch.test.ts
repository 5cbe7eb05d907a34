import { describe, expect, it } from 'vitest';
import { buildPatch } from './SettingsPage.tsx';

describe("the Settings page's patch of the features' secret settings", () => {
  const original = { name: 'Demo', example_bot_token: 'set', other_token: null, captcha_secret_key: null };

  it('sends nothing for a secret shown as set and left alone', () => {
    expect(buildPatch(original, { ...original }, ['example_bot_token', 'other_token'])).toEqual({});
  });

  it('sends a typed value to set or replace one, and null to clear one', () => {
    expect(
      buildPatch(original, { ...original, example_bot_token: 'new-token', other_token: 'first' }, [
        'example_bot_token',
        'other_token',
      ]),
    ).toEqual({ example_bot_token: 'new-token', other_token: 'first' });
    expect(buildPatch(original, { ...original, example_bot_token: '' }, ['example_bot_token'])).toEqual({
      example_bot_token: null,
    });
  });

  it('never sends the set marker, nor clears a secret that was not set', () => {
    expect(buildPatch(original, { ...original, other_token: '' }, ['other_token'])).toEqual({});
    // Not declared a secret: compared as a plain field.
    expect(buildPatch(original, { ...original, name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });
});
