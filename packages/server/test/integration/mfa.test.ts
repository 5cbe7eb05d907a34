import {
  limits,
  mfaApi,
  mfaAuthApi,
  type PasskeyAccount,
  type PasskeyVerifyOptions,
  type User,
} from '@latchkey/protocol';
import { dialects, dumpDatabase, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { softwareAuthenticator } from '@latchkey/test/webauthn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollSms,
  enrollTotp,
  linkPasskey,
  login,
  mfaApp,
  newPhone,
  passkeyAssertion,
  post,
  totpCode,
  verifySms,
} from '../fixtures/mfa.ts';

/**
 * The MFA routes (WIRE.md §3.7) on both dialects: enrolling, verifying and removing each factor
 * (SMS through the dev outbox, an authenticator app with otpauth codes, passkeys with a software
 * authenticator), the user's `mfa_methods` on the wire, the app's `mfa_methods`, the events, and the
 * `/mfa_auth` spellings. The gates on the frame API are in mfa-gating.test.ts; attacks in
 * test/security/mfa.security.test.ts.
 */
describe.each(dialects)('MFA routes (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());
  const now = () => t.ctx.now();

  const events = async (appId: string) =>
    (
      await t.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('app_id', '=', appId)
        .where('type', 'in', ['mfa.enabled', 'mfa.disabled'])
        // Events of one second tie on created_at: the outbox sequence is their order.
        .orderBy('seq')
        .execute()
    ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);

  it('SMS: enrols a number with the code sent to it, verifies for a token, and unenrols with one', async () => {
    const { client, app } = await t.createApp(mfaApp);
    const user = await login(client);
    const phone = newPhone();
    const enrolled = await enrollSms(client, user.token, phone);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.mfa_methods).toEqual([{ type: 'sms', verified_at: expect.any(Number) }]);
    // The message is a verification code, not a login code.
    expect(t.latchkey.devOutbox?.list(app.id, phone)[0]?.text).toMatch(
      /^\d{6} is your verification code for /,
    );
    // GET /users/me shows the factor too.
    const me = await client.request<{ user: User }>('/api/v1/users/me', { token: user.token });
    expect(me.body.user.mfa_methods).toEqual(enrolled.body.mfa_methods);

    const mfaToken = await verifySms(client, user.token, phone);
    expect(mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const dump = (await dumpDatabase(t)).map((row) => row.text).join('\n');
    expect(dump).not.toContain(mfaToken);

    // Removing the factor is a factor change: refused without the token, done with it.
    expect(await post(client, mfaApi.mfaSmsUnenroll.path, {}, user.token)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_mfa' },
    });
    expect(await post(client, mfaApi.mfaSmsUnenroll.path, {}, user.token, mfaToken)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const after = await client.request<{ user: User }>('/api/v1/users/me', { token: user.token });
    expect(after.body.user.mfa_methods).toEqual([]);
    expect(await events(app.id)).toEqual([
      { type: 'mfa.enabled', user_id: user.user.id, method: 'sms' },
      { type: 'mfa.disabled', user_id: user.user.id, method: 'sms' },
    ]);
  });

  it('SMS: a wrong or reused code is invalid_credentials; verify needs an enrolled number', async () => {
    const { client } = await t.createApp(mfaApp);
    const user = await login(client);
    expect(await post(client, mfaApi.mfaSmsInit.path, { action: 'verify' }, user.token)).toMatchObject({
      status: 404,
      body: { code: 'linked_account_not_found', error: 'SMS is not enrolled for MFA.' },
    });
    const phone = newPhone();
    expect(
      (await post(client, mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: phone }, user.token))
        .status,
    ).toBe(200);
    const code = client.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await post(client, mfaApi.mfaSmsEnroll.path, { phoneNumber: phone, code: wrong }, user.token),
    ).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    // A code for one number does not enrol another.
    expect(
      await post(client, mfaApi.mfaSmsEnroll.path, { phoneNumber: newPhone(), code }, user.token),
    ).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    expect(
      (await post(client, mfaApi.mfaSmsEnroll.path, { phoneNumber: phone, code }, user.token)).status,
    ).toBe(200);
    // A second SMS factor is refused (remove the first one first).
    expect(
      await post(client, mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: newPhone() }, user.token),
    ).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_mfa' } });
    const mfaToken = await verifySms(client, user.token, phone);
    expect(
      await post(
        client,
        mfaApi.mfaSmsInit.path,
        { action: 'enroll', phoneNumber: newPhone() },
        user.token,
        mfaToken,
      ),
    ).toMatchObject({ status: 400, body: { code: 'resource_already_exists' } });
    // The code that bought the token is spent.
    expect(
      await post(client, mfaApi.mfaSmsVerify.path, { code: client.lastCode(phone) }, user.token),
    ).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    // A malformed code never reaches the check.
    expect(await post(client, mfaApi.mfaSmsVerify.path, { code: '12345' }, user.token)).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid code: Passcode must be exactly 6 numbers' },
    });
  });

  it('TOTP: init answers the secret and its otpauth URL; the first code enrols; the secret is sealed', async () => {
    const { client, app } = await t.createApp({ ...mfaApp, name: 'Acme Wallet' });
    const user = await login(client, 'totp');
    const { secret, init, user: enrolled } = await enrollTotp(client, user.token, now);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(init.totpAuthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    const email = (user.user.linked_accounts[0] as { address: string }).address;
    expect(decodeURIComponent(url.pathname)).toBe(`/Acme Wallet:${email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Acme Wallet',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(enrolled.mfa_methods).toEqual([{ type: 'totp', verified_at: expect.any(Number) }]);
    const rows = await t.ctx.db.selectFrom('mfa_factors').selectAll().where('app_id', '=', app.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totp_secret).toMatch(/^v1\./);
    const dump = (await dumpDatabase(t)).map((row) => row.text).join('\n');
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(Buffer.from(secret).toString('hex'));
    // A second authenticator app is refused, even with MFA.
    t.advance(30);
    const mfaToken = await post<{ token: string }>(
      client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(secret, now()) },
      user.token,
    );
    expect(mfaToken.status).toBe(200);
    expect(await post(client, mfaApi.mfaTotpInit.path, {}, user.token, mfaToken.body.token)).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists', error: 'An authenticator app is already enrolled for MFA.' },
    });
    expect(await events(app.id)).toEqual([{ type: 'mfa.enabled', user_id: user.user.id, method: 'totp' }]);
  });

  it('TOTP: a code passes one step either side, never twice, and never an earlier step than the last', async () => {
    const { client } = await t.createApp(mfaApp);
    const user = await login(client, 'totp-window');
    const { secret } = await enrollTotp(client, user.token, now);
    const verify = (code: string) =>
      post<{ token: string }>(client, mfaApi.mfaTotpVerify.path, { code }, user.token);
    // The enrolment spent the current step: its code does not verify.
    expect((await verify(totpCode(secret, now()))).body.code).toBe('invalid_credentials');
    t.advance(90);
    // Two steps back is outside the window.
    expect((await verify(totpCode(secret, now(), -2))).body.code).toBe('invalid_credentials');
    // One step back (a slow typist) passes, once.
    const previous = totpCode(secret, now(), -1);
    expect((await verify(previous)).status).toBe(200);
    expect((await verify(previous)).body.code).toBe('invalid_credentials');
    // One step ahead (a fast clock) passes; then the current step, earlier than it, no longer does.
    expect((await verify(totpCode(secret, now(), 1))).status).toBe(200);
    expect((await verify(totpCode(secret, now()))).body.code).toBe('invalid_credentials');
    t.advance(60);
    expect((await verify(totpCode(secret, now()))).status).toBe(200);
  });

  it('TOTP: enrol needs a live init; unenrol needs MFA and records mfa.disabled', async () => {
    const { client, app } = await t.createApp(mfaApp);
    const user = await login(client, 'totp-unenroll');
    expect(await post(client, mfaApi.mfaTotpEnroll.path, { code: '123456' }, user.token)).toMatchObject({
      status: 401,
      body: {
        code: 'invalid_credentials',
        error: 'No authenticator app enrolment is in progress: start one with /mfa/totp/init.',
      },
    });
    const init = await post<{ totpSecret: string }>(client, mfaApi.mfaTotpInit.path, {}, user.token);
    // A pending enrolment ends after 10 minutes.
    t.advance(601);
    expect(
      await post(
        client,
        mfaApi.mfaTotpEnroll.path,
        { code: totpCode(init.body.totpSecret, now()) },
        user.token,
      ),
    ).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    // A new init replaces the pending secret: the old one's codes no longer enrol.
    const old = init.body.totpSecret;
    const fresh = await post<{ totpSecret: string }>(client, mfaApi.mfaTotpInit.path, {}, user.token);
    expect(fresh.body.totpSecret).not.toBe(old);
    expect(
      (await post(client, mfaApi.mfaTotpEnroll.path, { code: totpCode(old, now()) }, user.token)).body.code,
    ).toBe('invalid_credentials');
    const secret = fresh.body.totpSecret;
    expect(
      (await post(client, mfaApi.mfaTotpEnroll.path, { code: totpCode(secret, now()) }, user.token)).status,
    ).toBe(200);
    expect(await post(client, mfaApi.mfaTotpUnenroll.path, {}, user.token)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_mfa' },
    });
    t.advance(30);
    const token = await post<{ token: string }>(
      client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(secret, now()) },
      user.token,
    );
    expect(await post(client, mfaApi.mfaTotpUnenroll.path, {}, user.token, token.body.token)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(
      await post(client, mfaApi.mfaTotpVerify.path, { code: totpCode(secret, now(), 1) }, user.token),
    ).toMatchObject({
      status: 404,
      body: { code: 'linked_account_not_found' },
    });
    expect((await events(app.id)).map((e) => e.type)).toEqual(['mfa.enabled', 'mfa.disabled']);
  });

  it('passkeys: enrolment marks linked passkeys as factors; verify answers a token; an empty list removes them', async () => {
    const { client, app } = await t.createApp(mfaApp);
    const user = await login(client, 'passkey');
    const authenticator = softwareAuthenticator();
    const credentialId = await linkPasskey(client, user.token, authenticator);
    const other = softwareAuthenticator();
    const otherId = await linkPasskey(client, user.token, other);
    // No factor passkey yet: nothing to verify with.
    expect(await post(client, mfaApi.mfaPasskeyInit.path, {}, user.token)).toMatchObject({
      status: 404,
      body: { code: 'linked_account_not_found', error: 'A passkey is not enrolled for MFA.' },
    });
    expect(
      await post(client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [credentialId] }, user.token),
    ).toMatchObject({ status: 200, body: {} });
    const me = await client.request<{ user: User }>('/api/v1/users/me', { token: user.token });
    expect(me.body.user.mfa_methods).toEqual([{ type: 'passkey', verified_at: expect.any(Number) }]);
    const passkeys = me.body.user.linked_accounts.filter((a): a is PasskeyAccount => a.type === 'passkey');
    expect(Object.fromEntries(passkeys.map((p) => [p.credential_id, p.enrolled_in_mfa]))).toEqual({
      [credentialId]: true,
      [otherId]: false,
    });

    const { options, assertion } = await passkeyAssertion(client, user.token, authenticator);
    expect(options.allow_credentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.user_verification).toBe('required');
    const verified = await post<{ token: string }>(
      client,
      mfaApi.mfaPasskeyVerify.path,
      { authenticator_response: assertion },
      user.token,
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The passkey that is not a factor does not verify, over a live challenge either.
    const notFactor = await passkeyAssertion(client, user.token, other, { credentialId: otherId });
    expect(
      await post(
        client,
        mfaApi.mfaPasskeyVerify.path,
        { authenticator_response: notFactor.assertion },
        user.token,
      ),
    ).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    // Changing the factor passkeys needs MFA now.
    expect(
      await post(client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [] }, user.token),
    ).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_mfa' } });
    expect(
      await post(
        client,
        mfaApi.mfaPasskeyEnrollment.path,
        { credential_ids: [] },
        user.token,
        verified.body.token,
      ),
    ).toMatchObject({ status: 200 });
    const after = await client.request<{ user: User }>('/api/v1/users/me', { token: user.token });
    expect(after.body.user.mfa_methods).toEqual([]);
    expect(await events(app.id)).toEqual([
      { type: 'mfa.enabled', user_id: user.user.id, method: 'passkey' },
      { type: 'mfa.disabled', user_id: user.user.id, method: 'passkey' },
    ]);
  });

  it('passkeys: remove_for_login leaves a factor that no longer logs in; unknown ids are refused', async () => {
    const { client } = await t.createApp(mfaApp);
    const user = await login(client, 'passkey-login');
    const authenticator = softwareAuthenticator();
    const credentialId = await linkPasskey(client, user.token, authenticator);
    expect(
      await post(
        client,
        mfaApi.mfaPasskeyEnrollment.path,
        { credential_ids: ['bm90LWxpbmtlZA'] },
        user.token,
      ),
    ).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
    expect(
      (
        await post(
          client,
          mfaApi.mfaPasskeyEnrollment.path,
          { credential_ids: [credentialId], remove_for_login: true },
          user.token,
        )
      ).status,
    ).toBe(200);
    const init = await client.post<{ options: never }>('/api/v1/passkeys/authenticate/init', {});
    const assertion = authenticator.assert(init.body.options, 'http://app.test');
    expect(
      await client.post('/api/v1/passkeys/authenticate', {
        authenticator_response: assertion,
        challenge: (init.body.options as { challenge: string }).challenge,
      }),
    ).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', error: 'This passkey is an MFA factor only, not a login.' },
    });
    // As a factor it still verifies.
    const mfa = await passkeyAssertion(client, user.token, authenticator);
    expect(
      (
        await post(
          client,
          mfaApi.mfaPasskeyVerify.path,
          { authenticator_response: mfa.assertion },
          user.token,
        )
      ).status,
    ).toBe(200);
  });

  it('passkeys: unlinking a factor passkey needs MFA, and records mfa.disabled', async () => {
    const { client, app } = await t.createApp(mfaApp);
    const user = await login(client, 'passkey-unlink');
    const authenticator = softwareAuthenticator();
    const credentialId = await linkPasskey(client, user.token, authenticator);
    await post(client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [credentialId] }, user.token);
    const unlink = (mfaToken?: string) =>
      post<User>(
        client,
        '/api/v1/passkeys/unlink',
        { credential_id: credentialId, remove_as_mfa: true },
        user.token,
        mfaToken,
      );
    expect(await unlink()).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_mfa' } });
    const { assertion } = await passkeyAssertion(client, user.token, authenticator);
    const verified = await post<{ token: string }>(
      client,
      mfaApi.mfaPasskeyVerify.path,
      { authenticator_response: assertion },
      user.token,
    );
    const unlinked = await unlink(verified.body.token);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.mfa_methods).toEqual([]);
    expect((await events(app.id)).map((e) => e.type)).toEqual(['mfa.enabled', 'mfa.disabled']);
  });

  it("the app's mfa_methods limit enrolment; a factor enrolled before still verifies", async () => {
    const { client, app } = await t.createApp({ mfa_methods: ['totp'], passkey_auth: true });
    const user = await login(client, 'methods');
    expect(
      await post(client, mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: newPhone() }, user.token),
    ).toMatchObject({
      status: 403,
      body: { code: 'feature_not_enabled', error: 'SMS is not an MFA method of this app.' },
    });
    const passkey = await linkPasskey(client, user.token, softwareAuthenticator());
    expect(
      await post(client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [passkey] }, user.token),
    ).toMatchObject({ status: 403, body: { code: 'feature_not_enabled' } });
    const { secret } = await enrollTotp(client, user.token, now);
    await t.updateApp(app.id, { mfa_methods: [] });
    t.advance(30);
    expect(
      (await post(client, mfaApi.mfaTotpVerify.path, { code: totpCode(secret, now()) }, user.token)).status,
    ).toBe(200);
  });

  it('the /mfa_auth spellings take the same bodies and rules; their verify answers {success} and no token', async () => {
    const { client } = await t.createApp(mfaApp);
    const user = await login(client, 'mfa-auth');
    const init = await post<{ totpSecret: string }>(client, mfaAuthApi.mfaAuthTotpInit.path, {}, user.token);
    expect(init.status).toBe(200);
    const secret = init.body.totpSecret;
    const enrolled = await post<User>(
      client,
      mfaAuthApi.mfaAuthTotpEnroll.path,
      { code: totpCode(secret, now()) },
      user.token,
    );
    expect(enrolled.body.mfa_methods).toEqual([{ type: 'totp', verified_at: expect.any(Number) }]);
    t.advance(30);
    expect(
      await post(client, mfaAuthApi.mfaAuthTotpVerify.path, { code: totpCode(secret, now()) }, user.token),
    ).toEqual(expect.objectContaining({ status: 200, body: { success: true } }));
    // The code is spent there too.
    expect(
      (await post(client, mfaApi.mfaTotpVerify.path, { code: totpCode(secret, now()) }, user.token)).body
        .code,
    ).toBe('invalid_credentials');
    // Factor changes need the token of /mfa/*/verify: /mfa_auth hands none out.
    const authenticator = softwareAuthenticator();
    const passkey = await linkPasskey(client, user.token, authenticator);
    const enrollment = (mfaToken?: string) =>
      post(
        client,
        mfaAuthApi.mfaAuthPasskeyEnrollment.path,
        { credential_ids: [passkey] },
        user.token,
        mfaToken,
      );
    expect((await enrollment()).body.code).toBe('missing_or_invalid_mfa');
    t.advance(30);
    const mfaToken = await post<{ token: string }>(
      client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(secret, now()) },
      user.token,
    );
    expect((await enrollment(mfaToken.body.token)).status).toBe(200);
    const passkeyInit = await post<{ options: PasskeyVerifyOptions }>(
      client,
      mfaAuthApi.mfaAuthPasskeyInit.path,
      {},
      user.token,
    );
    expect(passkeyInit.body.options.allow_credentials?.map((c) => c.id)).toEqual([passkey]);
    const assertion = authenticator.assert(passkeyInit.body.options, testOrigin);
    expect(
      await post(
        client,
        mfaAuthApi.mfaAuthPasskeyVerify.path,
        { authenticator_response: assertion },
        user.token,
      ),
    ).toEqual(expect.objectContaining({ status: 200, body: { success: true } }));
    expect(
      await post(client, mfaAuthApi.mfaAuthTotpUnenroll.path, {}, user.token, mfaToken.body.token),
    ).toEqual(expect.objectContaining({ status: 200, body: { success: true } }));
    const me = await client.request<{ user: User }>('/api/v1/users/me', { token: user.token });
    expect(me.body.user.mfa_methods.map((m) => m.type)).toEqual(['passkey']);
  });

  it('MFA tokens last limits.mfaTokenTtlSeconds', async () => {
    expect(limits.mfaTokenTtlSeconds).toBe(300);
    const { client } = await t.createApp(mfaApp);
    const user = await login(client, 'expiry');
    const phone = newPhone();
    await enrollSms(client, user.token, phone);
    const mfaToken = await verifySms(client, user.token, phone);
    const row = await t.ctx.db
      .selectFrom('mfa_tokens')
      .select(['created_at', 'expires_at', 'method'])
      .where('user_id', '=', user.user.id.replace('did:privy:', ''))
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(300);
    expect(row.method).toBe('sms');
    expect(mfaToken).toBeTypeOf('string');
  });
});
