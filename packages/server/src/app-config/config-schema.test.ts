import { describe, expect, it } from 'vitest';
import { appPatch, mergePatch, parseSetArgument } from './config-schema.ts';

describe('parseSetArgument', () => {
  it('reads JSON values', () => {
    expect(parseSetArgument('sms_auth=true')).toEqual({ sms_auth: true });
    expect(parseSetArgument('sms_auth=false')).toEqual({ sms_auth: false });
    expect(parseSetArgument('max_linked_wallets_per_user=3')).toEqual({ max_linked_wallets_per_user: 3 });
    expect(parseSetArgument('legal_name=null')).toEqual({ legal_name: null });
    expect(parseSetArgument('allowed_domains=["https://a.test","https://b.test"]')).toEqual({
      allowed_domains: ['https://a.test', 'https://b.test'],
    });
    expect(parseSetArgument('smart_wallet_config={"enabled":false}')).toEqual({
      smart_wallet_config: { enabled: false },
    });
  });

  it('keeps anything that is not JSON as a plain string', () => {
    expect(parseSetArgument('name=Demo')).toEqual({ name: 'Demo' });
    expect(parseSetArgument('name=My demo app')).toEqual({ name: 'My demo app' });
    expect(parseSetArgument('logo_url=https://x.test/a.png')).toEqual({ logo_url: 'https://x.test/a.png' });
    expect(parseSetArgument('name=')).toEqual({ name: '' });
    expect(parseSetArgument('name="123"')).toEqual({ name: '123' });
  });

  it('splits on the first = only', () => {
    expect(parseSetArgument('cta_link=https://x.test/?a=b')).toEqual({ cta_link: 'https://x.test/?a=b' });
  });

  it('dotted fields set nested values', () => {
    expect(parseSetArgument('allowlist_config.error_title=Hi')).toEqual({
      allowlist_config: { error_title: 'Hi' },
    });
    expect(parseSetArgument('embedded_wallet_config.ethereum.create_on_login=all-users')).toEqual({
      embedded_wallet_config: { ethereum: { create_on_login: 'all-users' } },
    });
  });

  it('refuses an argument without a field name or without =', () => {
    expect(() => parseSetArgument('sms_auth')).toThrow(/field=value/);
    expect(() => parseSetArgument('=true')).toThrow(/field=value/);
    expect(() => parseSetArgument('')).toThrow(/field=value/);
  });

  it('produces patches the app schema accepts or refuses by field', () => {
    expect(appPatch.safeParse(parseSetArgument('sms_auth=true')).success).toBe(true);
    expect(appPatch.safeParse(parseSetArgument('allowlist_config.error_title=Hi')).success).toBe(true);
    const wrongType = appPatch.safeParse(parseSetArgument('sms_auth=maybe'));
    expect(wrongType.success).toBe(false);
    expect(wrongType.error?.issues[0]?.path).toEqual(['sms_auth']);
    expect(appPatch.safeParse(parseSetArgument('no_such_field=1')).success).toBe(false);
  });

  it('refuses settings that promise a protection the server does not provide', () => {
    for (const value of ['[]', '["totp"]', '["sms","passkey"]'])
      expect(appPatch.safeParse(parseSetArgument(`mfa_methods=${value}`)).success, value).toBe(true);
    for (const value of ['["email"]', '["sms","email"]']) {
      const refused = appPatch.safeParse(parseSetArgument(`mfa_methods=${value}`));
      expect(refused.success, value).toBe(false);
      expect(refused.error?.issues[0]).toMatchObject({
        path: ['mfa_methods'],
        message: 'email is not an MFA method this server offers (sms, totp and passkey are)',
      });
    }
  });
});

describe('allowed_domains', () => {
  it('stores what a person types as the origin it clearly means', () => {
    expect(
      appPatch.parse({ allowed_domains: ['localhost:3000', 'app.example.com', 'HTTPS://Shop.Example.com/'] }),
    ).toEqual({
      allowed_domains: ['http://localhost:3000', 'https://app.example.com', 'https://shop.example.com'],
    });
    expect(appPatch.parse(parseSetArgument('allowed_domains=["127.0.0.1:5173"]'))).toEqual({
      allowed_domains: ['http://127.0.0.1:5173'],
    });
  });

  it('refuses what is not an origin, with the field and the message', () => {
    for (const bad of ['notaurl', 'https://app.example.com/path', 'ftp://app.example.com']) {
      const refused = appPatch.safeParse({ allowed_domains: ['https://ok.example', bad] });
      expect(refused.error?.issues[0], bad).toMatchObject({
        path: ['allowed_domains', 1],
        message: 'must be an origin like https://example.com',
      });
    }
  });
});

describe('cookie session settings', () => {
  it('parse from --set and validate like the admin API', () => {
    expect(appPatch.safeParse(parseSetArgument('cookie_sessions=true'))).toMatchObject({
      success: true,
      data: { cookie_sessions: true },
    });
    expect(appPatch.safeParse(parseSetArgument('cookie_domain=example.com'))).toMatchObject({
      success: true,
      data: { cookie_domain: 'example.com' },
    });
    expect(appPatch.safeParse(parseSetArgument('cookie_domain=null')).data).toEqual({ cookie_domain: null });
    for (const bad of ['cookie_sessions=yes', 'cookie_domain=https://example.com', 'cookie_domain=com'])
      expect(appPatch.safeParse(parseSetArgument(bad)).error?.issues[0]?.path, bad).toEqual([
        bad.slice(0, bad.indexOf('=')),
      ]);
  });
});

describe('mergePatch', () => {
  const base = {
    name: 'App',
    sms_auth: false,
    allowed_domains: ['https://a.test', 'https://b.test'],
    allowlist_config: { error_title: null as string | null, error_detail: 'detail', cta_text: null },
    embedded_wallet_config: { create_on_login: 'off', ethereum: { create_on_login: 'off' }, mode: 'x' },
  };

  it('deep-merges plain objects and keeps untouched fields', () => {
    const merged = mergePatch(base, {
      sms_auth: true,
      allowlist_config: { error_title: 'Hi' },
      embedded_wallet_config: { ethereum: { create_on_login: 'all-users' } },
    });
    expect(merged).toEqual({
      ...base,
      sms_auth: true,
      allowlist_config: { error_title: 'Hi', error_detail: 'detail', cta_text: null },
      embedded_wallet_config: {
        create_on_login: 'off',
        ethereum: { create_on_login: 'all-users' },
        mode: 'x',
      },
    });
  });

  it('replaces arrays and scalars instead of merging them', () => {
    const merged = mergePatch(base, { allowed_domains: ['https://c.test'], name: 'Renamed' });
    expect(merged.allowed_domains).toEqual(['https://c.test']);
    expect(merged.name).toBe('Renamed');
  });

  it('null replaces an object, and an object replaces null or a scalar', () => {
    expect(mergePatch(base, { allowlist_config: null }).allowlist_config).toBeNull();
    expect(mergePatch({ funding_config: null }, { funding_config: { methods: [] } })).toEqual({
      funding_config: { methods: [] },
    });
    expect(mergePatch({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } });
  });

  it('adds new keys and does not mutate its inputs', () => {
    const before = JSON.stringify(base);
    const patch = { allowlist_config: { cta_link: 'https://x.test' }, extra: 1 };
    const merged = mergePatch(base, patch);
    expect(merged).toMatchObject({
      extra: 1,
      allowlist_config: { cta_link: 'https://x.test', error_detail: 'detail' },
    });
    expect(JSON.stringify(base)).toBe(before);
    expect(patch).toEqual({ allowlist_config: { cta_link: 'https://x.test' }, extra: 1 });
    expect(merged.allowlist_config).not.toBe(base.allowlist_config);
  });

  it('an empty patch is a copy', () => {
    const merged = mergePatch(base, {});
    expect(merged).toEqual(base);
    expect(merged).not.toBe(base);
  });

  it('a __proto__ key in a parsed patch does not pollute Object.prototype', () => {
    mergePatch({}, JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>);
    mergePatch({ a: {} }, JSON.parse('{"a":{"__proto__":{"polluted":true}}}') as Record<string, unknown>);
    parseSetArgument('__proto__.polluted=true');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
