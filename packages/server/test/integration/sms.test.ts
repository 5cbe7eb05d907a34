import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type WireUser = AuthBody['user'];

const basicAuth = (client: TestClient) => ({
  authorization: `Basic ${Buffer.from(`${client.appId}:${client.secret}`).toString('base64')}`,
});

/** Sends a code to `phoneNumber` and returns it; `e164` is where the outbox filed it. */
async function sendSmsCode(client: TestClient, phoneNumber: string, e164: string): Promise<string> {
  const init = await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
  if (init.status !== 200) throw new Error(`init failed: ${JSON.stringify(init.body)}`);
  return client.lastCode(e164);
}

async function loginBySms(client: TestClient, phoneNumber: string, e164: string) {
  const code = await sendSmsCode(client, phoneNumber, e164);
  return client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', { phoneNumber, code });
}

describe.each(dialects)('SMS login and account management (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  const smsApp = (patch: Record<string, unknown> = {}) => t.createApp({ sms_auth: true, ...patch });

  it('disallowed_login_method while sms_auth is off', async () => {
    const { client } = await t.createApp();
    const init = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0100' });
    expect(init).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
    const auth = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+1 415 555 0100',
      code: '123456',
    });
    expect(auth).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
    expect(t.latchkey.devOutbox!.list(client.appId)).toEqual([]);
  });

  it("refuses numbers that are not phone numbers with invalid_data 'Invalid phone number'", async () => {
    const { client } = await smsApp();
    for (const phoneNumber of ['not a number', '123', '+1 415 555', '+44 20', '', '+999 123 4567']) {
      const res = await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
      expect(res, phoneNumber).toMatchObject({
        status: 400,
        body: { code: 'invalid_data', error: 'Invalid phone number' },
      });
    }
    const typed = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: 4155550100 });
    expect(typed).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const missing = await client.post('/api/v1/passwordless_sms/init', {});
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect(t.latchkey.devOutbox!.list(client.appId)).toEqual([]);
  });

  it('normalises numbers: national defaults to US, international keeps its country, display is international', async () => {
    const { client } = await smsApp();
    const us = await loginBySms(client, '(415) 555-0100', '+14155550100');
    expect(us.status).toBe(200);
    expect(us.body.is_new_user).toBe(true);
    expect(us.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'phone',
        phoneNumber: '+1 415 555 0100',
        verified_at: expect.any(Number),
      }),
    ]);

    const uk = await loginBySms(client, '+44 20 7946 0958', '+442079460958');
    expect(uk.status).toBe(200);
    expect(uk.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', phoneNumber: '+44 20 7946 0958' }),
    ]);
    expect(uk.body.user.id).not.toBe(us.body.user.id);
  });

  it('one number in different formats is one user; the code is bound to the number, not the spelling', async () => {
    const { client } = await smsApp();
    const first = await loginBySms(client, '415.555.0110', '+14155550110');
    expect(first.status).toBe(200);
    for (const spelling of ['+1 (415) 555-0110', '+14155550110', '1 415 555 0110', '  415 555 0110 ']) {
      const code = await sendSmsCode(client, spelling, '+14155550110');
      // Enter the code under yet another spelling of the same number.
      const res = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
        phoneNumber: '(415) 555-0110',
        code,
      });
      expect(res.status, spelling).toBe(200);
      expect(res.body.is_new_user).toBe(false);
      expect(res.body.user.id).toBe(first.body.user.id);
    }
    // A code for one number does not log in another.
    const code = await sendSmsCode(client, '+1 415 555 0111', '+14155550111');
    const other = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+1 415 555 0110',
      code,
    });
    expect(other).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('a code is single use', async () => {
    const { client } = await smsApp();
    const phoneNumber = '+1 415 555 0120';
    const code = await sendSmsCode(client, phoneNumber, '+14155550120');
    const first = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code });
    expect(first.status).toBe(200);
    const replay = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code });
    expect(replay).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('five wrong attempts burn the code and lock the number', async () => {
    const { client } = await smsApp();
    const phoneNumber = '+1 415 555 0121';
    const code = await sendSmsCode(client, phoneNumber, '+14155550121');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: wrong });
      expect(res).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    }
    // After four misses the right code still works…
    expect((await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })).status).toBe(
      200,
    );

    // …but misses count per number, not per code: the fifth in the window burns the new code and
    // locks the number.
    const next = await sendSmsCode(client, phoneNumber, '+14155550121');
    const miss = next === '000000' ? '111111' : '000000';
    const missed = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: miss });
    expect(missed).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    const burnt = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: next });
    expect(burnt).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
  });

  it('a code expires after 10 minutes', async () => {
    const { client } = await smsApp();
    const phoneNumber = '+1 415 555 0122';
    const early = await sendSmsCode(client, phoneNumber, '+14155550122');
    t.advance(10 * 60 - 1);
    expect(
      (await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: early })).status,
    ).toBe(200);

    const late = await sendSmsCode(client, phoneNumber, '+14155550122');
    t.advance(10 * 60);
    const res = await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: late });
    expect(res).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('no-signup refuses an unknown number with user_does_not_exist and logs a known one in', async () => {
    const { client } = await smsApp();
    const unknown = '+1 415 555 0130';
    const code = await sendSmsCode(client, unknown, '+14155550130');
    const res = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: unknown,
      code,
      mode: 'no-signup',
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('app_id', '=', client.appId)
      .execute();
    expect(users).toEqual([]);

    const known = '+1 415 555 0131';
    const signup = await loginBySms(client, known, '+14155550131');
    const again = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: known,
      code: await sendSmsCode(client, known, '+14155550131'),
      mode: 'no-signup',
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(signup.body.user.id);
  });

  it('sends by WhatsApp when the app enables it', async () => {
    const { client } = await smsApp({ whatsapp_enabled: true });
    const code = await sendSmsCode(client, '+1 415 555 0140', '+14155550140');
    expect(t.latchkey.devOutbox!.list(client.appId)[0]).toMatchObject({ channel: 'whatsapp' });
    const res = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550140',
      code,
    });
    expect(res.status).toBe(200);
  });

  it('links a phone to an email user, one of the type; another user’s needs a transfer', async () => {
    const { client } = await smsApp();
    const owner = await client.loginWithEmail('owner@example.com');
    const token = owner.body.token;
    const taken = await loginBySms(client, '+1 415 555 0150', '+14155550150');
    expect(taken.status).toBe(200);

    // A number another user owns offers a transfer (account-transfer.test.ts).
    const clash = await client.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '(415) 555-0150', code: await sendSmsCode(client, '+14155550150', '+14155550150') },
      { token },
    );
    expect(clash).toMatchObject({ status: 400, body: { code: 'account_transfer_required' } });

    // A wrong code links nothing.
    const wrongCode = await client.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '+1 415 555 0151', code: '123456' },
      { token },
    );
    expect(wrongCode).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    const linked = await client.post<WireUser>(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '(415) 555-0151', code: await sendSmsCode(client, '(415) 555-0151', '+14155550151') },
      { token },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(owner.body.user.id);
    expect(linked.body.linked_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'email', address: 'owner@example.com' }),
        expect.objectContaining({ type: 'phone', phoneNumber: '+1 415 555 0151' }),
      ]),
    );

    // A second phone is one too many.
    const more = await client.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '+1 415 555 0152', code: await sendSmsCode(client, '+1 415 555 0152', '+14155550152') },
      { token },
    );
    expect(more).toMatchObject({
      status: 400,
      body: { code: 'cannot_link_more_of_type', error: 'User already has an account of type phone linked.' },
    });

    // The linked phone now logs the same user in.
    const bySms = await loginBySms(client, '+14155550151', '+14155550151');
    expect(bySms.body.user.id).toBe(owner.body.user.id);
  });

  it('updates a phone number: old in any format, new verified by code, never to another user’s', async () => {
    const { client } = await smsApp();
    const me = await loginBySms(client, '+1 415 555 0160', '+14155550160');
    const token = me.body.token;
    await loginBySms(client, '+1 415 555 0161', '+14155550161'); // someone else

    const clash = await client.post(
      '/api/v1/passwordless_sms/update',
      {
        old_phone_number: '+1 415 555 0160',
        new_phone_number: '+1 415 555 0161',
        code: await sendSmsCode(client, '+1 415 555 0161', '+14155550161'),
      },
      { token },
    );
    expect(clash).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });

    const notMine = await client.post(
      '/api/v1/passwordless_sms/update',
      {
        old_phone_number: '+1 415 555 0199',
        new_phone_number: '+1 415 555 0162',
        code: await sendSmsCode(client, '+1 415 555 0162', '+14155550162'),
      },
      { token },
    );
    expect(notMine).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });

    const wrongCode = await client.post(
      '/api/v1/passwordless_sms/update',
      { old_phone_number: '+1 415 555 0160', new_phone_number: '+1 415 555 0163', code: '123456' },
      { token },
    );
    expect(wrongCode).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    // camelCase keys are not this route's wire names.
    const camel = await client.post(
      '/api/v1/passwordless_sms/update',
      { oldPhoneNumber: '+1 415 555 0160', newPhoneNumber: '+1 415 555 0163', code: '123456' },
      { token },
    );
    expect(camel).toMatchObject({ status: 400, body: { code: 'invalid_data' } });

    const updated = await client.post<WireUser>(
      '/api/v1/passwordless_sms/update',
      {
        old_phone_number: '(415) 555-0160',
        new_phone_number: '+44 20 7946 0958',
        code: await sendSmsCode(client, '+44 20 7946 0958', '+442079460958'),
      },
      { token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(me.body.user.id);
    expect(updated.body.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', phoneNumber: '+44 20 7946 0958' }),
    ]);

    // The old number is free again (a new user), the new one logs me in.
    const old = await loginBySms(client, '+14155550160', '+14155550160');
    expect(old.body).toMatchObject({ is_new_user: true });
    expect(old.body.user.id).not.toBe(me.body.user.id);
    const fresh = await loginBySms(client, '+442079460958', '+442079460958');
    expect(fresh.body.user.id).toBe(me.body.user.id);
  });

  it('unlinks a phone, but never the sole account, and only one the user has', async () => {
    const { client } = await smsApp();
    const solo = await loginBySms(client, '+1 415 555 0170', '+14155550170');
    const sole = await client.post(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: '+1 415 555 0170' },
      { token: solo.body.token },
    );
    expect(sole).toMatchObject({ status: 400, body: { code: 'cannot_unlink_sole_account' } });

    const owner = await client.loginWithEmail('both@example.com');
    const token = owner.body.token;
    await client.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '+1 415 555 0171', code: await sendSmsCode(client, '+1 415 555 0171', '+14155550171') },
      { token },
    );
    const missing = await client.post(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: '+1 415 555 0170' }, // exists, but belongs to another user
      { token },
    );
    expect(missing).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
    const invalid = await client.post('/api/v1/passwordless_sms/unlink', { phoneNumber: 'nope' }, { token });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid phone number' },
    });

    const unlinked = await client.post<WireUser>(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: '(415) 555-0171' },
      { token },
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'both@example.com' }),
    ]);
    // The unlinked number now belongs to nobody: logging in with it makes a new user.
    const after = await loginBySms(client, '+14155550171', '+14155550171');
    expect(after.body).toMatchObject({ is_new_user: true });
  });

  it('link, update and unlink need a valid access token', async () => {
    const { client } = await smsApp();
    for (const path of ['link', 'update', 'unlink']) {
      const res = await client.post(`/api/v1/passwordless_sms/${path}`, {});
      expect(res, path).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
      const bad = await client.post(`/api/v1/passwordless_sms/${path}`, {}, { token: 'not.a.jwt' });
      expect(bad.body, path).toMatchObject({ code: 'missing_or_invalid_token' });
    }
  });

  it('the allowlist admits a listed phone number in any format and rejects others', async () => {
    const config = {
      error_title: 'Invite only',
      error_detail: 'Ask for an invite',
      cta_text: 'Join',
      cta_link: 'https://x.test',
    };
    const { client } = await smsApp({ allowlist_enabled: true, allowlist_config: config });
    const entry = await client.post(
      `/api/v1/apps/${client.appId}/allowlist`,
      { type: 'phone', value: '(415) 555-0180' },
      { headers: basicAuth(client), noOrigin: true },
    );
    expect(entry).toMatchObject({ status: 200, body: { type: 'phone', value: '+14155550180' } });
    const badEntry = await client.post(
      `/api/v1/apps/${client.appId}/allowlist`,
      { type: 'phone', value: 'not a phone' },
      { headers: basicAuth(client), noOrigin: true },
    );
    expect(badEntry).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid phone number' },
    });

    const rejected = await loginBySms(client, '+1 415 555 0181', '+14155550181');
    expect(rejected).toMatchObject({ status: 403, body: { code: 'allowlist_rejected', data: config } });
    const admitted = await loginBySms(client, '+1 415 555 0180', '+14155550180');
    expect(admitted.status).toBe(200);
  });
});

describe('SMS rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { settings: { rateLimitsEnabled: true } });
  });
  afterAll(() => t?.close());

  it('the fourth code to one number within 10 minutes is too_many_requests, whatever the spelling', async () => {
    const { client } = await t.createApp({ sms_auth: true });
    const spellings = ['+1 415 555 0190', '(415) 555-0190', '415.555.0190', '1-415-555-0190'];
    for (const phoneNumber of spellings.slice(0, 3)) {
      const res = await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
      expect(res.status, phoneNumber).toBe(200);
    }
    const live = client.lastCode('+14155550190');
    const fourth = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: spellings[3] });
    expect(fourth).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    expect(t.latchkey.devOutbox!.list(client.appId, '+14155550190')).toHaveLength(3);

    // The refusal does not touch the code already sent, other numbers, or other apps.
    const login = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+14155550190',
      code: live,
    });
    expect(login.status).toBe(200);
    expect(
      (await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0191' })).status,
    ).toBe(200);
    const other = await t.createApp({ sms_auth: true });
    expect(
      (await other.client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0190' })).status,
    ).toBe(200);
  });
});
