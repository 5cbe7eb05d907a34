import { describe, expect, it } from 'vitest';
import { buildPatch, pickFields, resetFields } from './patch.ts';
import { sectionsFor, settingsSections } from './sections.ts';

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

describe("the Settings sections' own saves", () => {
  const original = { name: 'Demo', email_auth: true, accent_color: null, allowed_domains: [] as string[] };

  it('a section sends only its own changed fields', () => {
    const draft = { ...original, name: 'Renamed', email_auth: false };
    const patch = buildPatch(original, draft);
    expect(pickFields(patch, ['name', 'theme', 'accent_color'])).toEqual({ name: 'Renamed' });
    expect(pickFields(patch, ['email_auth'])).toEqual({ email_auth: false });
  });

  it("saving or discarding one section keeps the other sections' edits", () => {
    const draft = { ...original, name: 'Renamed', email_auth: false };
    const saved = { ...original, name: 'Renamed' };
    expect(resetFields(draft, saved, ['name'])).toEqual(draft);
    expect(resetFields(draft, original, ['email_auth'])).toEqual({ ...original, name: 'Renamed' });
  });

  it('no field is in two sections, and Secrets appears only with a feature secret', () => {
    const fields = settingsSections.flatMap((section) => section.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect(sectionsFor([]).map((s) => s.id)).not.toContain('secrets');
    expect(sectionsFor(['example_bot_token']).find((s) => s.id === 'secrets')?.fields).toEqual([
      'example_bot_token',
    ]);
  });

  it("a feature's secret another section edits (the card providers' keys in Funding) is not in Secrets", () => {
    const sections = sectionsFor(['moonpay_secret_key', 'example_bot_token']);
    expect(sections.find((s) => s.id === 'secrets')?.fields).toEqual(['example_bot_token']);
    expect(sections.find((s) => s.id === 'funding')?.fields).toContain('moonpay_secret_key');
    expect(sectionsFor(['moonpay_secret_key']).map((s) => s.id)).not.toContain('secrets');
  });
});
