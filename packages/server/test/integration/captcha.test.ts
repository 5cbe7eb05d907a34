import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { type SiteverifyStandIn, startSiteverifyStandIn } from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('captcha on code sending (%s)', (dialect) => {
  let t: TestServer;
  let turnstile: SiteverifyStandIn;
  let hcaptcha: SiteverifyStandIn;
  beforeAll(async () => {
    [turnstile, hcaptcha] = await Promise.all([startSiteverifyStandIn(), startSiteverifyStandIn()]);
    t = await startTestServer(dialect, {
      captchaVerifyUrls: { turnstile: turnstile.url, hcaptcha: hcaptcha.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([turnstile.close(), hcaptcha.close()]);
  });

  const captchaApp = (provider: 'turnstile' | 'hcaptcha', secret: string) =>
    t.createApp({
      sms_auth: true,
      captcha_enabled: true,
      enabled_captcha_provider: provider,
      captcha_site_key: 't:site-key',
      captcha_secret_key: secret,
    });

  it('email and SMS init need a token the provider accepts (Turnstile)', async () => {
    const { client } = await captchaApp('turnstile', 'turnstile-secret');
    turnstile.accept('turnstile-secret', 'good-token');
    const missing = await client.post('/api/v1/passwordless/init', { email: 'a@example.com' });
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_captcha' } });
    const bad = await client.post('/api/v1/passwordless/init', { email: 'a@example.com', token: 'forged' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_captcha' } });
    expect(() => client.lastCode('a@example.com')).toThrow(); // nothing was sent
    const ok = await client.post('/api/v1/passwordless/init', {
      email: 'a@example.com',
      token: 'good-token',
    });
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect(turnstile.calls.at(-1)).toMatchObject({
      secret: 'turnstile-secret',
      response: 'good-token',
      remoteip: '127.0.0.1',
    });
    const sms = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0100' });
    expect(sms.body).toMatchObject({ code: 'invalid_captcha' });
    const smsOk = await client.post('/api/v1/passwordless_sms/init', {
      phoneNumber: '+1 415 555 0100',
      token: 'good-token',
    });
    expect(smsOk.status).toBe(200);
  });

  it('wallet sign-in nonces (SIWE and SIWS init) need the captcha too', async () => {
    const { client } = await t.createApp({
      wallet_auth: true,
      solana_wallet_auth: true,
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:site-key',
      captcha_secret_key: 'wallet-secret',
    });
    turnstile.accept('wallet-secret', 'wallet-token');
    const eth = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const sol = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';
    expect((await client.post('/api/v1/siwe/init', { address: eth })).body).toMatchObject({
      code: 'invalid_captcha',
    });
    expect((await client.post('/api/v1/siws/init', { address: sol })).body).toMatchObject({
      code: 'invalid_captcha',
    });
    expect((await client.post('/api/v1/siwe/init', { address: eth, token: 'wallet-token' })).status).toBe(
      200,
    );
    expect((await client.post('/api/v1/siws/init', { address: sol, token: 'wallet-token' })).status).toBe(
      200,
    );
  });

  it('passkey sign-up and login challenges (passkeys init) need the captcha too', async () => {
    const { client } = await t.createApp({
      passkey_auth: true,
      passkeys_for_signup_enabled: true,
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:site-key',
      captcha_secret_key: 'passkey-secret',
    });
    turnstile.accept('passkey-secret', 'passkey-token');
    for (const path of ['/api/v1/passkeys/register/init', '/api/v1/passkeys/authenticate/init']) {
      expect((await client.post(path, {})).body, path).toMatchObject({ code: 'invalid_captcha' });
      expect((await client.post(path, { token: 'forged' })).body, path).toMatchObject({
        code: 'invalid_captcha',
      });
      expect((await client.post(path, { token: 'passkey-token' })).status, path).toBe(200);
    }
  });

  it('uses the hCaptcha endpoint for hCaptcha apps, and another app\u2019s secret does not verify', async () => {
    const { client } = await captchaApp('hcaptcha', 'h-secret');
    hcaptcha.accept('other-secret', 'token-1');
    expect(
      (await client.post('/api/v1/passwordless/init', { email: 'h@example.com', token: 'token-1' })).status,
    ).toBe(400);
    hcaptcha.accept('h-secret', 'token-1');
    expect(
      (await client.post('/api/v1/passwordless/init', { email: 'h@example.com', token: 'token-1' })).status,
    ).toBe(200);
    expect(hcaptcha.calls.at(-1)?.secret).toBe('h-secret');
  });

  it('a provider outage is a 502, logged; a misconfigured app refuses rather than skipping the check', async () => {
    const { client } = await captchaApp('turnstile', 's1');
    turnstile.accept('s1', 'tok');
    turnstile.failNext(503);
    const outage = await client.post('/api/v1/passwordless/init', { email: 'o@example.com', token: 'tok' });
    expect(outage).toMatchObject({ status: 502, body: { code: 'internal_error' } });
    expect(t.logs.some((l) => l.includes('captcha verification unavailable'))).toBe(true);
    const { client: noSecret } = await t.createApp({
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
    });
    const refused = await noSecret.post('/api/v1/passwordless/init', {
      email: 'o@example.com',
      token: 'tok',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_captcha' } });
  });

  it('stores the captcha secret sealed, never in plaintext, and never in the public config', async () => {
    const { client } = await captchaApp('turnstile', 'plain-captcha-secret-value');
    const rows = await t.ctx.db.selectFrom('apps').select('config').where('id', '=', client.appId).execute();
    expect(rows[0]!.config).not.toContain('plain-captcha-secret-value');
    const config = await client.request(`/api/v1/apps/${client.appId}`);
    expect(JSON.stringify(config.body)).not.toContain('captcha_secret_key');
  });
});
