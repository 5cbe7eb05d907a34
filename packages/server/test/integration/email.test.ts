import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('email login and account management (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('sends a code, logs a new user in, and the same email logs the same user in again', async () => {
    const { client } = await t.createApp();
    const init = await client.post('/api/v1/passwordless/init', { email: 'Alice@Example.COM' });
    expect(init).toMatchObject({ status: 200, body: { success: true } });
    const code = client.lastCode('alice@example.com');
    const first = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
      email: 'alice@example.com',
      code,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      session_update_action: 'set',
      is_new_user: true,
      privy_access_token: null,
    });
    expect(first.body.user.id).toMatch(/^did:privy:[a-z0-9]{25}$/);
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'email',
        address: 'alice@example.com',
        verified_at: expect.any(Number),
      }),
    ]);
    expect(first.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await client.loginWithEmail('alice@example.com');
    expect(again.body.is_new_user).toBe(false);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('accepts a code typed with spaces, and refuses non-numeric or short codes with the spec texts', async () => {
    const { client } = await t.createApp();
    await client.post('/api/v1/passwordless/init', { email: 'spaces@example.com' });
    const code = client.lastCode('spaces@example.com');
    const letters = await client.post('/api/v1/passwordless/authenticate', {
      email: 'spaces@example.com',
      code: '12a456',
    });
    expect(letters).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid code: Passcode can only be numbers' },
    });
    const short = await client.post('/api/v1/passwordless/authenticate', {
      email: 'spaces@example.com',
      code: '12345',
    });
    expect(short.body).toMatchObject({
      code: 'invalid_data',
      error: 'Invalid code: Passcode must be exactly 6 numbers',
    });
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const ok = await client.post('/api/v1/passwordless/authenticate', {
      email: 'spaces@example.com',
      code: spaced,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an invalid email address', async () => {
    const { client } = await t.createApp();
    for (const email of ['not-an-email', 'a@b', '@example.com', 'a b@example.com', '']) {
      const res = await client.post('/api/v1/passwordless/init', { email });
      expect(res, email).toMatchObject({
        status: 400,
        body: { code: 'invalid_data', error: 'Invalid email address (email)' },
      });
    }
  });

  it('a code is single use, expires after 10 minutes, and 5 wrong attempts burn it', async () => {
    const { client } = await t.createApp();
    const email = 'once@example.com';
    await client.post('/api/v1/passwordless/init', { email });
    const code = client.lastCode(email);
    expect((await client.post('/api/v1/passwordless/authenticate', { email, code })).status).toBe(200);
    const replay = await client.post('/api/v1/passwordless/authenticate', { email, code });
    expect(replay).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    await client.post('/api/v1/passwordless/init', { email });
    const stale = client.lastCode(email);
    t.advance(10 * 60 + 1);
    expect(
      (await client.post('/api/v1/passwordless/authenticate', { email, code: stale })).body,
    ).toMatchObject({
      code: 'invalid_credentials',
    });

    // The stale code was the first wrong one of a new window: four more are checked, then the
    // address is locked and the code burnt.
    await client.post('/api/v1/passwordless/init', { email });
    const real = client.lastCode(email);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/api/v1/passwordless/authenticate', { email, code: wrong });
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
    }
    const locked = await client.post('/api/v1/passwordless/authenticate', { email, code: real });
    expect(locked).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    // The lock says when it ends (the window opened by the stale code, a real second at most
    // since: the test clock is the wall clock plus its advances), readable by the page's origin.
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(10 * 60 - 1);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(locked.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(locked.body).toMatchObject({ data: { retry_after_seconds: retryAfter } });
    t.advance(10 * 60);
    expect((await client.post('/api/v1/passwordless/authenticate', { email, code: real })).status).toBe(401);
  });

  it('a new code does not invalidate the previous one; logging in spends both', async () => {
    const { client } = await t.createApp();
    const email = 'resend@example.com';
    await client.post('/api/v1/passwordless/init', { email });
    const first = client.lastCode(email);
    await client.post('/api/v1/passwordless/init', { email });
    const second = client.lastCode(email);
    expect((await client.post('/api/v1/passwordless/authenticate', { email, code: first })).status).toBe(200);
    expect((await client.post('/api/v1/passwordless/authenticate', { email, code: second })).status).toBe(
      401,
    );
  });

  it('disallowed_plus_email when the app refuses plus-addresses', async () => {
    const { client } = await t.createApp({ disable_plus_emails: true });
    const res = await client.post('/api/v1/passwordless/init', { email: 'bob+spam@example.com' });
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'disallowed_plus_email', error: "Please enter a valid email address without a '+'." },
    });
    expect((await client.post('/api/v1/passwordless/init', { email: 'bob@example.com' })).status).toBe(200);
  });

  it('disallowed_login_method when email login is off', async () => {
    const { client } = await t.createApp({ email_auth: false });
    const res = await client.post('/api/v1/passwordless/init', { email: 'x@example.com' });
    expect(res).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
  });

  it('allowlist_rejected with the configured texts, unless the email or its domain is listed', async () => {
    const config = {
      error_title: 'Invite only',
      error_detail: 'Ask for an invite',
      cta_text: 'Join',
      cta_link: 'https://x.test',
    };
    const { client } = await t.createApp({ allowlist_enabled: true, allowlist_config: config });
    const basic = {
      authorization: `Basic ${Buffer.from(`${client.appId}:${client.secret}`).toString('base64')}`,
    };
    await client.post(
      `/api/v1/apps/${client.appId}/allowlist`,
      { type: 'email', value: 'Invited@Example.com' },
      { headers: basic, noOrigin: true },
    );
    await client.post(
      `/api/v1/apps/${client.appId}/allowlist`,
      { type: 'email', value: '@friends.test' },
      { headers: basic, noOrigin: true },
    );
    const rejected = await client.loginWithEmail('stranger@example.com');
    expect(rejected).toMatchObject({ status: 403, body: { code: 'allowlist_rejected', data: config } });
    expect((await client.loginWithEmail('invited@example.com')).status).toBe(200);
    expect((await client.loginWithEmail('anyone@friends.test')).status).toBe(200);
  });

  it('no-signup mode refuses unknown users with user_does_not_exist and logs known ones in', async () => {
    const { client } = await t.createApp();
    await client.post('/api/v1/passwordless/init', { email: 'nosign@example.com' });
    const code = client.lastCode('nosign@example.com');
    const res = await client.post('/api/v1/passwordless/authenticate', {
      email: 'nosign@example.com',
      code,
      mode: 'no-signup',
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
    await client.loginWithEmail('known@example.com');
    await client.post('/api/v1/passwordless/init', { email: 'known@example.com' });
    const again = await client.post('/api/v1/passwordless/authenticate', {
      email: 'known@example.com',
      code: client.lastCode('known@example.com'),
      mode: 'no-signup',
    });
    expect(again.status).toBe(200);
  });

  it('max_accounts_reached once a development app hits its user limit', async () => {
    const { client } = await t.createApp({ user_limit: 2 });
    expect((await client.loginWithEmail('u1@example.com')).status).toBe(200);
    expect((await client.loginWithEmail('u2@example.com')).status).toBe(200);
    const third = await client.loginWithEmail('u3@example.com');
    expect(third).toMatchObject({
      status: 403,
      body: {
        code: 'max_accounts_reached',
        error:
          'This application is in development mode and must be upgraded to production to log in new users.',
      },
    });
    // Existing users still log in.
    expect((await client.loginWithEmail('u1@example.com')).status).toBe(200);
  });

  it('links, updates and unlinks emails with the spec rules', async () => {
    const { client } = await t.createApp({ sms_auth: true });
    const owner = await client.loginWithEmail('owner@example.com');
    const other = await client.loginWithEmail('taken@example.com');
    expect(other.status).toBe(200);
    const token = owner.body.token;

    // A second email is one too many of the type.
    await client.post('/api/v1/passwordless/init', { email: 'second@example.com' });
    const more = await client.post(
      '/api/v1/passwordless/link',
      { email: 'second@example.com', code: client.lastCode('second@example.com') },
      { token },
    );
    expect(more).toMatchObject({
      status: 400,
      body: { code: 'cannot_link_more_of_type', error: 'User already has an account of type email linked.' },
    });

    // The only account cannot be unlinked.
    const sole = await client.post(
      '/api/v1/passwordless/unlink',
      { address: 'owner@example.com' },
      { token },
    );
    expect(sole).toMatchObject({ status: 400, body: { code: 'cannot_unlink_sole_account' } });
    const missing = await client.post(
      '/api/v1/passwordless/unlink',
      { address: 'nobody@example.com' },
      { token },
    );
    expect(missing).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });

    // Updating to an address another user owns is refused; to a fresh one works.
    await client.post('/api/v1/passwordless/init', { email: 'taken@example.com' });
    const clash = await client.post(
      '/api/v1/passwordless/update',
      {
        oldAddress: 'owner@example.com',
        newAddress: 'taken@example.com',
        code: client.lastCode('taken@example.com'),
      },
      { token },
    );
    expect(clash).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });
    await client.post('/api/v1/passwordless/init', { email: 'new@example.com' });
    const updated = await client.post<AuthBody['user']>(
      '/api/v1/passwordless/update',
      {
        oldAddress: 'owner@example.com',
        newAddress: 'new@example.com',
        code: client.lastCode('new@example.com'),
      },
      { token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'new@example.com' }),
    ]);
    const wrongOld = await client.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'owner@example.com', newAddress: 'x@example.com', code: '123456' },
      { token },
    );
    expect(wrongOld.status).toBe(401); // the code is checked first, and it is wrong

    // Linking an email another user owns offers a transfer (account-transfer.test.ts).
    await client.post('/api/v1/passwordless/init', { email: 'taken@example.com' });
    const phoneUser = await loginBySms(client);
    const linked = await client.post(
      '/api/v1/passwordless/link',
      { email: 'taken@example.com', code: client.lastCode('taken@example.com') },
      { token: phoneUser },
    );
    expect(linked).toMatchObject({ status: 400, body: { code: 'account_transfer_required' } });

    // Link then unlink on a phone user.
    await client.post('/api/v1/passwordless/init', { email: 'mine@example.com' });
    const ok = await client.post<AuthBody['user']>(
      '/api/v1/passwordless/link',
      { email: 'mine@example.com', code: client.lastCode('mine@example.com') },
      { token: phoneUser },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone']);
    // Logging in with the linked email is that user, with every account in the user's order (on
    // PostgreSQL read by the statement that spends the code).
    const again = await client.loginWithEmail('mine@example.com');
    expect(again.body).toMatchObject({ is_new_user: false, user: { id: ok.body.id } });
    expect(again.body.user.linked_accounts.map((a) => a.type)).toEqual(
      ok.body.linked_accounts.map((a) => a.type),
    );
    const unlinked = await client.post<AuthBody['user']>(
      '/api/v1/passwordless/unlink',
      { address: 'MINE@example.com' },
      { token: phoneUser },
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linked_accounts.map((a) => a.type)).toEqual(['phone']);
  });

  it('account routes need a valid access token', async () => {
    const { client } = await t.createApp();
    for (const path of ['link', 'update', 'unlink']) {
      const res = await client.post(`/api/v1/passwordless/${path}`, {});
      expect(res, path).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
      const bad = await client.post(`/api/v1/passwordless/${path}`, {}, { token: 'not.a.jwt' });
      expect(bad.body, path).toMatchObject({ code: 'missing_or_invalid_token' });
    }
  });

  it('concurrent first logins of one email make exactly one user', async () => {
    // The app's test credentials let many requests present a valid code at the same moment.
    const { client } = await t.createApp({ test_credentials_enabled: true });
    const app = (await t.ctx.apps.load(client.appId, { fresh: true }))!;
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post<AuthBody>('/api/v1/passwordless/authenticate', {
          email: app.settings.test_email,
          code: app.settings.test_otp_code,
        }),
      ),
    );
    expect(attempts.every((a) => a.status === 200)).toBe(true);
    expect(new Set(attempts.map((a) => a.body.user.id)).size).toBe(1);
    expect(attempts.filter((a) => a.body.is_new_user).length).toBe(1);
  });

  it('writes user events into the outbox', async () => {
    const { client } = await t.createApp();
    const res = await client.loginWithEmail('events@example.com');
    const rows = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('app_id', '=', client.appId)
      .orderBy('seq')
      .execute();
    const types = rows.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['user.created', 'user.authenticated']));
    const created = JSON.parse(rows.find((r) => r.type === 'user.created')!.payload);
    expect(created).toMatchObject({ type: 'user.created', user: { id: res.body.user.id } });
  });
});

async function loginBySms(client: import('@latchkey/test/server').TestClient): Promise<string> {
  const phoneNumber = '+1 415 555 0100';
  await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
  const res = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
    phoneNumber,
    code: client.lastCode('+14155550100'),
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.token;
}
