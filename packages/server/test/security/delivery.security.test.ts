import { startTestServer, type TestServer } from '@latchkey/test/server';
import { type SmtpListener, startSmtpListener } from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const production = { development: false, publicUrl: 'http://127.0.0.1' };
const basicAuth = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

/**
 * Outside development a channel with no provider refuses to send: codes never fall back to the
 * dev outbox, which prints them to the log and serves them over HTTP.
 */
describe('code delivery without a provider, outside development', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { settings: production });
  });
  afterAll(() => t.close());

  it('email and SMS codes are refused with not_supported; nothing is stored, printed or kept', async () => {
    expect(t.latchkey.devOutbox).toBeNull();
    const { client } = await t.createApp({ sms_auth: true });
    const email = await client.post('/api/v1/passwordless/init', { email: 'prod@example.com' });
    expect(email).toMatchObject({
      status: 400,
      body: { code: 'not_supported', error: 'Email is not configured on this server.' },
    });
    const sms = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0110' });
    expect(sms).toMatchObject({
      status: 400,
      body: { code: 'not_supported', error: 'SMS is not configured on this server.' },
    });
    const codes = await t.ctx.db
      .selectFrom('verification_codes')
      .select('identifier')
      .where('app_id', '=', client.appId)
      .execute();
    expect(codes).toEqual([]);
    expect(t.logs.filter((line) => line.includes('dev outbox'))).toEqual([]);
    expect(t.logs.join('\n')).not.toMatch(/is your login code/);
    const outbox = await client.request(`/api/v1/apps/${client.appId}/dev_outbox`, {
      headers: basicAuth(client.appId, client.secret),
      noOrigin: true,
    });
    expect(outbox).toMatchObject({ status: 403, body: { code: 'feature_not_enabled' } });
  });

  it("the app's test account still logs in with its fixed code (no message is sent for it)", async () => {
    const { app, client } = await t.createApp({ test_credentials_enabled: true });
    const { test_email, test_otp_code } = app.settings;
    expect((await client.post('/api/v1/passwordless/init', { email: test_email })).status).toBe(200);
    const login = await client.post('/api/v1/passwordless/authenticate', {
      email: test_email,
      code: test_otp_code,
    });
    expect(login.status).toBe(200);
  });

  describe('with SMTP only', () => {
    let smtp: SmtpListener;
    let mixed: TestServer;
    beforeAll(async () => {
      smtp = await startSmtpListener();
      mixed = await startTestServer('sqlite', {
        settings: production,
        smtp: { url: smtp.url, from: 'no-reply@latchkey.test' },
      });
    });
    afterAll(async () => {
      await mixed.close();
      await smtp.close();
    });

    it('email goes over SMTP; SMS is refused rather than put in an outbox', async () => {
      expect(mixed.latchkey.devOutbox).toBeNull();
      const { client } = await mixed.createApp({ sms_auth: true });
      expect((await client.post('/api/v1/passwordless/init', { email: 'real@example.com' })).status).toBe(
        200,
      );
      expect((await smtp.nextMessageTo('real@example.com')).envelopeTo).toEqual(['real@example.com']);
      const sms = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0111' });
      expect(sms).toMatchObject({ status: 400, body: { code: 'not_supported' } });
    });
  });

  it('in development mode the dev outbox still takes them', async () => {
    const dev = await startTestServer('sqlite');
    try {
      const { client } = await dev.createApp();
      expect((await client.post('/api/v1/passwordless/init', { email: 'dev@example.com' })).status).toBe(200);
      expect(client.lastCode('dev@example.com')).toMatch(/^\d{6}$/);
    } finally {
      await dev.close();
    }
  });
});
