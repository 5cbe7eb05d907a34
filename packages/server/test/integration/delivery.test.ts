import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import {
  type SmtpListener,
  startSmtpListener,
  startTwilioStandIn,
  type TwilioStandIn,
} from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const emailFrom = 'Latchkey <login@latchkey.test>';
const twilioFrom = '+15005550006';
const smtpAuth = { user: 'mailer', pass: 'smtp-pass-9f3a' };

const basicAuth = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

/** The six-digit code in a message text. */
const codeIn = (text: string): string => {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
};

describe.each(dialects)('real delivery: SMTP and Twilio (%s)', (dialect) => {
  let t: TestServer;
  let smtp: SmtpListener;
  let twilio: TwilioStandIn;

  beforeAll(async () => {
    smtp = await startSmtpListener({ auth: smtpAuth });
    twilio = await startTwilioStandIn();
    t = await startTestServer(dialect, {
      smtp: { url: `smtp://${smtpAuth.user}:${smtpAuth.pass}@127.0.0.1:${smtp.port}`, from: emailFrom },
      twilio: {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: twilioFrom,
        apiUrl: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await twilio?.close();
  });

  const smsApp = (patch: Record<string, unknown> = {}) =>
    t.createApp({ name: 'Acme Wallet', sms_auth: true, ...patch });

  it('the email code arrives over SMTP, addressed and titled right, and logs the user in', async () => {
    // A non-ASCII name makes nodemailer encode the Subject (RFC 2047); the listener decodes it.
    const { client } = await t.createApp({ name: 'Café Wallet' });
    const init = await client.post('/api/v1/passwordless/init', { email: 'Alice@Example.COM' });
    expect(init).toMatchObject({ status: 200, body: { success: true } });

    const mail = await smtp.nextMessageTo('alice@example.com');
    expect(mail.authUser).toBe(smtpAuth.user);
    expect(mail.envelopeFrom).toBe('login@latchkey.test');
    expect(mail.envelopeTo).toEqual(['alice@example.com']);
    expect(mail.from).toBe(emailFrom);
    expect(mail.to).toBe('alice@example.com');
    const code = mail.subject.match(/^(\d{6}) is your login code for Café Wallet$/)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.text).toContain(`Your login code for Café Wallet is ${code}.`);
    expect(mail.text).toContain('expires in 10 minutes');

    const login = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
      email: 'alice@example.com',
      code,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'alice@example.com' }),
    ]);
    // Nothing went to Twilio for an email code.
    expect(twilio.messages.some((m) => m.body.includes(code!))).toBe(false);
  });

  it('an SMTP rejection answers 502 internal_error and is logged; the next init is delivered', async () => {
    const { client } = await t.createApp();
    smtp.rejectNextRecipient(550, 'No such user here');
    const before = smtp.messages.length;
    const res = await client.post('/api/v1/passwordless/init', { email: 'bounce@example.com' });
    expect(res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
    expect(smtp.messages.length).toBe(before);
    expect(t.logs.some((l) => l.includes('code delivery failed') && l.includes('No such user here'))).toBe(
      true,
    );
    // The server carries on: the next init is delivered.
    expect((await client.post('/api/v1/passwordless/init', { email: 'bounce@example.com' })).status).toBe(
      200,
    );
    expect(codeIn((await smtp.nextMessageTo('bounce@example.com')).text)).toMatch(/^\d{6}$/);
  });

  it('the SMS code reaches Twilio with Basic auth, E.164 To, the From number and the code', async () => {
    const { client } = await smsApp();
    const init = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '(415) 555-0100' });
    expect(init).toMatchObject({ status: 200, body: { success: true } });

    const request = twilio.requests.at(-1)!;
    expect(request).toMatchObject({
      accountSid: twilio.accountSid,
      auth: { user: twilio.accountSid, pass: twilio.authToken },
      status: 201,
    });
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ to: '+14155550100', from: twilioFrom });
    expect(message.body).toMatch(/^\d{6} is your login code for Acme Wallet\. It expires in 10 minutes\.$/);

    const login = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+1 415 555 0100',
      code: codeIn(message.body),
    });
    expect(login.status).toBe(200);
    expect(login.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', phoneNumber: '+1 415 555 0100' }),
    ]);
  });

  it('sends by WhatsApp when the app enables it', async () => {
    const { client } = await smsApp({ whatsapp_enabled: true });
    expect(
      (await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0101' })).status,
    ).toBe(200);
    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ to: 'whatsapp:+14155550101', from: `whatsapp:${twilioFrom}` });
    const login = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550101',
      code: codeIn(message.body),
    });
    expect(login.status).toBe(200);
  });

  /** Runs an init that Twilio fails, and returns our answer plus the code that Twilio was handed. */
  async function failedInit(client: TestClient, phoneNumber: string) {
    const seen = twilio.requests.length;
    const res = await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
    expect(twilio.requests.length).toBe(seen + 1);
    return { res, code: codeIn(twilio.requests.at(-1)!.form.Body!) };
  }

  it("Twilio 21211 (invalid 'To') answers 400 invalid_data and the code is not left live", async () => {
    const { client } = await smsApp();
    twilio.failNext({ status: 400, code: 21211 });
    const { res, code } = await failedInit(client, '+1 415 555 0102');
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const login = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550102',
      code,
    });
    expect(login).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('Twilio 21408 (region not permitted) answers not_supported', async () => {
    const { client } = await smsApp();
    twilio.failNext({ status: 400, code: 21408 });
    const { res, code } = await failedInit(client, '+44 20 7946 0958');
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'not_supported', error: 'SMS authentication from this region is not available' },
    });
    const login = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+442079460958',
      code,
    });
    expect(login.status).toBe(401);
  });

  it('Twilio 21610 (recipient unsubscribed) answers user_unsubscribed', async () => {
    const { client } = await smsApp();
    twilio.failNext({ status: 400, code: 21610 });
    const { res } = await failedInit(client, '+1 415 555 0104');
    expect(res).toMatchObject({ status: 400, body: { code: 'user_unsubscribed' } });
  });

  it('a Twilio 400 about our own setup (21212 invalid From) is ours: 502 and logged, not blamed on the user', async () => {
    const { client } = await smsApp();
    twilio.failNext({ status: 400, code: 21212 });
    const { res } = await failedInit(client, '+1 415 555 0105');
    expect(res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
    expect(t.logs.some((l) => l.includes('code delivery failed') && l.includes('21212'))).toBe(true);
  });

  it('a Twilio 500, or a non-JSON 503, answers 502 internal_error; the server keeps serving', async () => {
    const { client } = await smsApp();
    twilio.failNext({ status: 500, code: 20500 });
    const first = await failedInit(client, '+1 415 555 0103');
    expect(first.res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
    expect(t.logs.some((l) => l.includes('code delivery failed') && l.includes('Twilio answered 500'))).toBe(
      true,
    );
    const stale = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550103',
      code: first.code,
    });
    expect(stale.status).toBe(401);

    twilio.failNext({ status: 503, rawBody: '<html>Service Unavailable</html>' });
    const second = await failedInit(client, '+1 415 555 0103');
    expect(second.res).toMatchObject({ status: 502, body: { code: 'internal_error' } });

    const ok = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0103' });
    expect(ok.status).toBe(200);
    const login = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550103',
      code: codeIn(twilio.messages.at(-1)!.body),
    });
    expect(login.status).toBe(200);
  });

  it('the dev outbox is off when SMTP and Twilio are configured', async () => {
    const { client } = await t.createApp();
    expect(t.latchkey.devOutbox).toBeNull();
    const res = await client.request(`/api/v1/apps/${client.appId}/dev_outbox`, {
      headers: basicAuth(client.appId, client.secret),
      noOrigin: true,
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'feature_not_enabled' } });
  });

  it('test credentials: listed with the app secret, never delivered, the fixed code logs in repeatedly', async () => {
    const { client } = await smsApp({ test_credentials_enabled: true });
    const listed = await client.request<{
      data: { email: string; phone_number: string; otp_code: string }[];
    }>(`/api/v1/apps/${client.appId}/test_credentials`, {
      headers: basicAuth(client.appId, client.secret),
      noOrigin: true,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        email: expect.stringMatching(/^test-\d{4}@example\.com$/),
        phone_number: expect.stringMatching(/^\+1555555\d{4}$/),
        otp_code: expect.stringMatching(/^\d{6}$/),
      },
    ]);
    const { email, phone_number: phone, otp_code: otp } = listed.body.data[0]!;
    const wrong = otp === '000000' ? '111111' : '000000';

    const mails = smtp.messages.length;
    const texts = twilio.requests.length;
    expect((await client.post('/api/v1/passwordless/init', { email })).status).toBe(200);
    expect((await client.post('/api/v1/passwordless_sms/init', { phoneNumber: phone })).status).toBe(200);
    expect(smtp.messages.length).toBe(mails);
    expect(twilio.requests.length).toBe(texts);

    const emailLogins = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.post<AuthBody>('/api/v1/passwordless/authenticate', { email, code: otp });
      expect(res.status).toBe(200);
      emailLogins.push(res.body.user.id);
    }
    expect(new Set(emailLogins).size).toBe(1);
    const bad = await client.post('/api/v1/passwordless/authenticate', { email, code: wrong });
    expect(bad).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    for (let i = 0; i < 2; i++) {
      const res = await client.post('/api/v1/passwordless_sms/authenticate', {
        phoneNumber: phone,
        code: otp,
      });
      expect(res.status).toBe(200);
    }
    const badPhone = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: phone,
      code: wrong,
    });
    expect(badPhone.status).toBe(401);

    // The list is for server callers only.
    const anonymous = await client.request(`/api/v1/apps/${client.appId}/test_credentials`);
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('with test credentials disabled the list is empty and the test email gets a real mail', async () => {
    const { app, client } = await t.createApp();
    const listed = await client.request(`/api/v1/apps/${client.appId}/test_credentials`, {
      headers: basicAuth(client.appId, client.secret),
      noOrigin: true,
    });
    expect(listed).toMatchObject({ status: 200, body: { data: [] } });
    const email = app.settings.test_email;
    expect((await client.post('/api/v1/passwordless/init', { email })).status).toBe(200);
    await smtp.nextMessageTo(email);
    const fixed = await client.post('/api/v1/passwordless/authenticate', {
      email,
      code: app.settings.test_otp_code,
    });
    expect(fixed.status).toBe(401);
  });
});

describe('delivery misconfigured or absent', () => {
  it('wrong Twilio credentials: 502 internal_error, logged without the token, not blamed on the number', async () => {
    const twilio = await startTwilioStandIn();
    const smtp = await startSmtpListener();
    const wrongToken = 'wrong-token-5d1c7e';
    const t = await startTestServer('sqlite', {
      smtp: { url: smtp.url, from: emailFrom },
      twilio: { accountSid: twilio.accountSid, authToken: wrongToken, from: twilioFrom, apiUrl: twilio.url },
    });
    try {
      const { client } = await t.createApp({ sms_auth: true });
      const res = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0104' });
      expect(res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
      expect(twilio.requests.at(-1)).toMatchObject({ status: 401, auth: { pass: wrongToken } });
      expect(twilio.messages).toEqual([]);
      expect(t.logs.some((l) => l.includes('Twilio answered 401 (error 20003'))).toBe(true);
      expect(t.logs.join('\n')).not.toContain(wrongToken);
      // Email through the unauthenticated listener is unaffected.
      expect((await client.post('/api/v1/passwordless/init', { email: 'ok@example.com' })).status).toBe(200);
      expect((await smtp.nextMessageTo('ok@example.com')).authUser).toBeNull();
    } finally {
      await t.close();
      await smtp.close();
      await twilio.close();
    }
  });

  it('wrong SMTP credentials: 502 internal_error, logged without the password, no mail accepted', async () => {
    const smtp = await startSmtpListener({ auth: smtpAuth });
    const wrongPass = 'wrong-pass-73be01';
    const t = await startTestServer('sqlite', {
      smtp: { url: `smtp://${smtpAuth.user}:${wrongPass}@127.0.0.1:${smtp.port}`, from: emailFrom },
    });
    try {
      const { client } = await t.createApp();
      const res = await client.post('/api/v1/passwordless/init', { email: 'nobody@example.com' });
      expect(res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
      expect(smtp.messages).toEqual([]);
      expect(t.logs.some((l) => l.includes('code delivery failed'))).toBe(true);
      expect(t.logs.join('\n')).not.toContain(wrongPass);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('with neither configured, the dev outbox holds the message, readable only with the app secret', async () => {
    const t = await startTestServer('sqlite');
    try {
      expect(t.latchkey.devOutbox).not.toBeNull();
      const { client } = await t.createApp({ name: 'Outbox App', sms_auth: true });
      const other = await t.createApp();
      await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '(415) 555-0105' });
      await client.post('/api/v1/passwordless/init', { email: 'dev@example.com' });
      const path = `/api/v1/apps/${client.appId}/dev_outbox`;

      const missing = await client.request(path);
      expect(missing).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
      const wrong = await client.request(path, {
        headers: basicAuth(client.appId, `${client.secret.slice(0, -1)}x`),
        noOrigin: true,
      });
      expect(wrong).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
      // Another app's valid secret does not open this app's outbox.
      const foreign = await other.client.request(path, {
        headers: basicAuth(other.client.appId, other.client.secret),
        noOrigin: true,
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ code: 'missing_or_invalid_privy_app_id' });

      type Outbox = { data: { channel: string; to: string; subject: string | null; text: string }[] };
      const all = await client.request<Outbox>(path, {
        headers: basicAuth(client.appId, client.secret),
        noOrigin: true,
      });
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual([
        expect.objectContaining({
          channel: 'email',
          to: 'dev@example.com',
          subject: expect.stringMatching(/^\d{6} is your login code for Outbox App$/),
        }),
        expect.objectContaining({ channel: 'sms', to: '+14155550105', subject: null }),
      ]);
      const sms = await client.request<Outbox>(`${path}?to=${encodeURIComponent('+14155550105')}`, {
        headers: basicAuth(client.appId, client.secret),
        noOrigin: true,
      });
      expect(sms.body.data).toHaveLength(1);
      const login = await client.post('/api/v1/passwordless_sms/authenticate', {
        phoneNumber: '+14155550105',
        code: codeIn(sms.body.data[0]!.text),
      });
      expect(login.status).toBe(200);
      // The other app's outbox does not see these messages.
      const theirs = await other.client.request<Outbox>(`/api/v1/apps/${other.client.appId}/dev_outbox`, {
        headers: basicAuth(other.client.appId, other.client.secret),
        noOrigin: true,
      });
      expect(theirs.body.data).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
