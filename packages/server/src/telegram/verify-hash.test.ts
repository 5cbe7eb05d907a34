import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataCheckString } from './data-check-string.ts';
import { verifyWebAppHash, verifyWidgetHash } from './verify-hash.ts';

const token = '7342037359:AAHc2dUZOe3zfOxcFMB5oTo6Gy9xk5JFmgw';
const tokenBytes = new TextEncoder().encode(token);

/** The widget's hash as Telegram's page describes it, step by step. */
function widgetHash(fields: Record<string, string>): string {
  const lines = Object.entries(fields)
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort();
  const secret = createHash('sha256').update(token).digest();
  return createHmac('sha256', secret).update(lines.join('\n')).digest('hex');
}

function webAppHash(fields: Record<string, string>, leaveOut: string[]): string {
  const text = dataCheckString(fields, ['hash', ...leaveOut]);
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(text).digest('hex');
}

describe('dataCheckString', () => {
  it('sorts the fields by key, writes key=value and joins them with line feeds, leaving the named out', () => {
    expect(dataCheckString({ username: 'a', id: '1', hash: 'x', auth_date: '2' }, ['hash'])).toBe(
      'auth_date=2\nid=1\nusername=a',
    );
  });
});

describe('verifyWidgetHash', () => {
  const fields = { id: '42', first_name: 'Ann', username: 'ann', auth_date: '1700000000' };
  const signed = { ...fields, hash: widgetHash(fields) };

  it('accepts the hash keyed with SHA-256 of the bot token, and answers the string it checked', () => {
    expect(verifyWidgetHash(signed, tokenBytes)).toBe(
      'auth_date=1700000000\nfirst_name=Ann\nid=42\nusername=ann',
    );
  });

  it('refuses another token, a changed or added field, an upper-case or truncated hash', () => {
    expect(verifyWidgetHash(signed, new TextEncoder().encode(`${token}x`))).toBeNull();
    expect(verifyWidgetHash({ ...signed, id: '43' }, tokenBytes)).toBeNull();
    expect(verifyWidgetHash({ ...signed, last_name: 'B' }, tokenBytes)).toBeNull();
    expect(verifyWidgetHash({ ...signed, hash: signed.hash.toUpperCase() }, tokenBytes)).toBeNull();
    expect(verifyWidgetHash({ ...signed, hash: signed.hash.slice(0, 62) }, tokenBytes)).toBeNull();
    const { hash: _, ...unsigned } = signed;
    expect(verifyWidgetHash(unsigned, tokenBytes)).toBeNull();
  });

  it('is not the Mini App key: a widget hash does not pass as initData, nor the reverse', () => {
    expect(verifyWebAppHash(signed, tokenBytes)).toBeNull();
    const webApp = { ...fields, hash: webAppHash(fields, []) };
    expect(verifyWidgetHash(webApp, tokenBytes)).toBeNull();
  });
});

describe('verifyWebAppHash', () => {
  const fields = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: '{"id":279058397,"first_name":"Vladislav","username":"vdkfrost","language_code":"ru"}',
    auth_date: '1662771648',
    signature: 'x'.repeat(86),
  };

  it('accepts the hash keyed with HMAC-SHA-256("WebAppData", token), signature kept in the string', () => {
    expect(verifyWebAppHash({ ...fields, hash: webAppHash(fields, []) }, tokenBytes)).toContain('signature=');
  });

  it('accepts the library variant that leaves signature out, checking the string without it', () => {
    const verified = verifyWebAppHash({ ...fields, hash: webAppHash(fields, ['signature']) }, tokenBytes);
    expect(verified).not.toBeNull();
    expect(verified).not.toContain('signature=');
  });

  it('refuses a changed user, another token, and a hash with no signature field to explain it', () => {
    const hash = webAppHash(fields, []);
    expect(
      verifyWebAppHash({ ...fields, hash, user: fields.user.replace('279058397', '1') }, tokenBytes),
    ).toBeNull();
    expect(verifyWebAppHash({ ...fields, hash }, new TextEncoder().encode('1:other'))).toBeNull();
    const { signature: _, ...withoutSignature } = fields;
    expect(verifyWebAppHash({ ...withoutSignature, hash }, tokenBytes)).toBeNull();
  });
});
