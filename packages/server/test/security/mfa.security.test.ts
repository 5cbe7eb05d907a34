import { frameApi, mfaApi, mfaAuthApi } from '@latchkey/protocol';
import { type AuthBody, dialects, dumpDatabase } from '@latchkey/test/server';
import {
  createEmbeddedWallet,
  type FrameApiServer,
  newTestDevice,
  startFrameApiServer,
} from '@latchkey/test/server/frame-api';
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
 * MFA against an attacker who holds a user's access and refresh tokens (from the app's page), replays
 * and races requests, and guesses codes. A user with a factor must not lose a share, a signature or a
 * factor to anyone who cannot answer the factor; a code or assertion is good once; an MFA token is
 * good for its user and session only (docs/security.md).
 */
describe.each(dialects)('MFA under attack (%s)', (dialect) => {
  let s: FrameApiServer;
  beforeAll(async () => {
    s = await startFrameApiServer(dialect, mfaApp);
  });
  afterAll(() => s.t.close());
  const now = () => s.t.ctx.now();
  const codes = (results: { body: { code?: string } }[]) => results.map((r) => r.body.code ?? 'ok').sort();
  /**
   * Of racing uses of one right answer, exactly one passes; the others are replays, refused (and,
   * for codes, counted as wrong guesses, so past 5 the check is locked).
   */
  const exactlyOnePasses = (results: { body: { code?: string } }[]) => {
    const seen = codes(results);
    expect(seen.filter((code) => code === 'ok')).toHaveLength(1);
    expect(
      seen.filter((code) => code !== 'ok' && code !== 'invalid_credentials' && code !== 'too_many_requests'),
    ).toEqual([]);
  };

  it('a stolen access token without MFA gets no share, strips no factor and adds none of its own', async () => {
    const victim = await login(s.client, 'victim');
    const wallet = await createEmbeddedWallet(s.t, s.client, victim.token);
    const { secret } = await enrollTotp(s.client, victim.token, now);
    // The thief enrolls a device key of its own with the stolen token (within the login window).
    const thief = await newTestDevice(s.t, s.client);
    expect((await thief.enroll(victim.token)).status).toBe(200);
    for (const [path, body] of [
      [frameApi.authShare, { entropy_id: wallet.entropyId }],
      [frameApi.recoveryShare, { entropy_id: wallet.entropyId }],
      [`/${wallet.entropyId}/recovery/key_material`, {}],
      [frameApi.session, {}],
    ] as const)
      expect(await thief.post(path, body, victim.token), path).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_mfa' },
      });
    // A refreshed token is the same session: still no MFA.
    const refreshed = await s.client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: victim.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await thief.post(frameApi.authShare, { entropy_id: wallet.entropyId }, refreshed.body.token)).body
        .code,
    ).toBe('missing_or_invalid_mfa');
    // No factor can be removed or added, nor a passkey factor slipped in.
    const token = refreshed.body.token;
    expect((await post(s.client, mfaApi.mfaTotpUnenroll.path, {}, token)).body.code).toBe(
      'missing_or_invalid_mfa',
    );
    expect(
      (await post(s.client, mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: newPhone() }, token))
        .body.code,
    ).toBe('missing_or_invalid_mfa');
    const passkey = await linkPasskey(s.client, token, softwareAuthenticator());
    expect(
      (await post(s.client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [passkey] }, token)).body
        .code,
    ).toBe('missing_or_invalid_mfa');
    // A token of the thief's own (another user with a factor) opens nothing of the victim's.
    const own = await login(s.client, 'thief');
    const ownTotp = await enrollTotp(s.client, own.token, now);
    s.t.advance(30);
    const ownToken = await post<{ token: string }>(
      s.client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(ownTotp.secret, now()) },
      own.token,
    );
    expect(ownToken.status).toBe(200);
    expect(
      (
        await thief.post(frameApi.authShare, { entropy_id: wallet.entropyId }, token, {
          headers: { 'latchkey-mfa-token': ownToken.body.token },
        })
      ).body.code,
    ).toBe('expired_or_invalid_mfa_token');
    // /mfa_auth/totp/verify spends a right code but hands out nothing to present.
    const success = await post(
      s.client,
      mfaAuthApi.mfaAuthTotpVerify.path,
      { code: totpCode(secret, now()) },
      token,
    );
    expect(success.body).toEqual({ success: true });
    expect((await thief.post(frameApi.authShare, { entropy_id: wallet.entropyId }, token)).body.code).toBe(
      'missing_or_invalid_mfa',
    );
  });

  it('guessing authenticator codes: 5 wrong per 10 minutes, then even the right code is refused', async () => {
    const user = await login(s.client, 'guess-totp');
    const { secret } = await enrollTotp(s.client, user.token, now);
    s.t.advance(30);
    const right = totpCode(secret, now());
    const wrong = Array.from({ length: 12 }, (_, i) =>
      String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    )
      .filter((code) => ![-1, 0, 1].some((step) => totpCode(secret, now(), step) === code))
      .slice(0, 10);
    const results = await Promise.all(
      wrong.map((code) => post(s.client, mfaApi.mfaTotpVerify.path, { code }, user.token)),
    );
    // Racing guesses are checked one at a time: 5 are compared, the rest never are.
    expect(codes(results)).toEqual([
      ...Array(5).fill('invalid_credentials'),
      ...Array(5).fill('too_many_requests'),
    ]);
    expect(await post(s.client, mfaApi.mfaTotpVerify.path, { code: right }, user.token)).toMatchObject({
      status: 429,
      body: { code: 'too_many_requests' },
    });
    // The window ends after 10 minutes.
    s.t.advance(600);
    expect(
      (await post(s.client, mfaApi.mfaTotpVerify.path, { code: totpCode(secret, now()) }, user.token)).status,
    ).toBe(200);
  });

  it('guessing SMS codes: the fifth wrong code burns the code sent', async () => {
    const user = await login(s.client, 'guess-sms');
    const phone = newPhone();
    expect((await enrollSms(s.client, user.token, phone)).status).toBe(200);
    expect((await post(s.client, mfaApi.mfaSmsInit.path, { action: 'verify' }, user.token)).status).toBe(200);
    const right = s.client.lastCode(phone);
    const wrong = Array.from({ length: 6 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      wrong.map((code) => post(s.client, mfaApi.mfaSmsVerify.path, { code }, user.token)),
    );
    expect(codes(results)).toEqual([...Array(5).fill('invalid_credentials'), 'too_many_requests']);
    s.t.advance(600);
    // Burnt: after the window the old code still does not pass.
    expect((await post(s.client, mfaApi.mfaSmsVerify.path, { code: right }, user.token)).body.code).toBe(
      'invalid_credentials',
    );
  });

  it('raced verifies of one right code: exactly one token (TOTP, SMS and passkey)', async () => {
    const user = await login(s.client, 'race');
    const { secret } = await enrollTotp(s.client, user.token, now);
    s.t.advance(30);
    const code = totpCode(secret, now());
    const totp = await Promise.all(
      Array.from({ length: 8 }, () => post(s.client, mfaApi.mfaTotpVerify.path, { code }, user.token)),
    );
    exactlyOnePasses(totp);

    const phone = newPhone();
    const mfaToken = totp.find((r) => r.status === 200)!.body.token as string;
    expect((await enrollSms(s.client, user.token, phone, mfaToken)).status).toBe(200);
    expect((await post(s.client, mfaApi.mfaSmsInit.path, { action: 'verify' }, user.token)).status).toBe(200);
    const smsCode = s.client.lastCode(phone);
    const sms = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(s.client, mfaApi.mfaSmsVerify.path, { code: smsCode }, user.token),
      ),
    );
    exactlyOnePasses(sms);

    const authenticator = softwareAuthenticator();
    const passkey = await linkPasskey(s.client, user.token, authenticator);
    expect(
      (
        await post(
          s.client,
          mfaApi.mfaPasskeyEnrollment.path,
          { credential_ids: [passkey] },
          user.token,
          mfaToken,
        )
      ).status,
    ).toBe(200);
    const { assertion } = await passkeyAssertion(s.client, user.token, authenticator);
    const passkeys = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(s.client, mfaApi.mfaPasskeyVerify.path, { authenticator_response: assertion }, user.token),
      ),
    );
    // No guess cap here (an assertion is not guessed): the seven others are plain refusals.
    expect(codes(passkeys)).toEqual([...Array(7).fill('invalid_credentials'), 'ok']);
    // Replayed later, the assertion's challenge is spent.
    expect(
      (await post(s.client, mfaApi.mfaPasskeyVerify.path, { authenticator_response: assertion }, user.token))
        .body.code,
    ).toBe('invalid_credentials');
  });

  it("a passkey assertion for another user's MFA challenge, or a login challenge, does not verify", async () => {
    const alice = await login(s.client, 'alice');
    const mallory = await login(s.client, 'mallory');
    const authenticator = softwareAuthenticator();
    const passkey = await linkPasskey(s.client, alice.token, authenticator);
    expect(
      (await post(s.client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [passkey] }, alice.token))
        .status,
    ).toBe(200);
    // Mallory asks for a challenge of her own and has Alice's authenticator sign it: not Mallory's factor.
    const malloryFactor = await linkPasskey(s.client, mallory.token, softwareAuthenticator());
    await post(
      s.client,
      mfaApi.mfaPasskeyEnrollment.path,
      { credential_ids: [malloryFactor] },
      mallory.token,
    );
    const malloryInit = await passkeyAssertion(s.client, mallory.token, authenticator, {
      credentialId: passkey,
    });
    expect(
      (
        await post(
          s.client,
          mfaApi.mfaPasskeyVerify.path,
          { authenticator_response: malloryInit.assertion },
          alice.token,
        )
      ).body.code,
    ).toBe('invalid_credentials');
    // A login challenge is another ceremony.
    const loginInit = await s.client.post<{ options: never }>('/api/v1/passkeys/authenticate/init', {});
    const overLogin = authenticator.assert(loginInit.body.options, 'http://app.test');
    expect(
      (await post(s.client, mfaApi.mfaPasskeyVerify.path, { authenticator_response: overLogin }, alice.token))
        .body.code,
    ).toBe('invalid_credentials');
    // Without user verification the authenticator proves nothing.
    const noUv = await passkeyAssertion(s.client, alice.token, authenticator, { userVerified: false });
    expect(
      (
        await post(
          s.client,
          mfaApi.mfaPasskeyVerify.path,
          { authenticator_response: noUv.assertion },
          alice.token,
        )
      ).body.code,
    ).toBe('invalid_credentials');
  });

  it("MFA codes are not login codes, and the app's test account code is no second factor", async () => {
    const { client, app } = await s.t.createApp({
      ...mfaApp,
      sms_auth: true,
      test_credentials_enabled: true,
    });
    const user = await login(client, 'not-login');
    const phone = newPhone();
    expect(
      (await post(client, mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: phone }, user.token))
        .status,
    ).toBe(200);
    const mfaCode = client.lastCode(phone);
    expect(
      (await client.post('/api/v1/passwordless_sms/authenticate', { phoneNumber: phone, code: mfaCode })).body
        .code,
    ).toBe('invalid_credentials');
    // The test account's number and fixed code log in, but do not enrol as a factor.
    const testPhone = app.settings.test_phone_number;
    expect(
      (
        await post(
          client,
          mfaApi.mfaSmsEnroll.path,
          { phoneNumber: testPhone, code: app.settings.test_otp_code },
          user.token,
        )
      ).body.code,
    ).toBe('invalid_credentials');
  });

  it('MFA tokens, codes and TOTP secrets never reach the logs or the database in plaintext', async () => {
    const user = await login(s.client, 'secrets');
    const { secret } = await enrollTotp(s.client, user.token, now);
    const phone = newPhone();
    s.t.advance(30);
    const token = await post<{ token: string }>(
      s.client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(secret, now()) },
      user.token,
    );
    await enrollSms(s.client, user.token, phone, token.body.token);
    const smsToken = await verifySms(s.client, user.token, phone);
    const dump = (await dumpDatabase(s.t)).map((row) => row.text).join('\n');
    const logs = s.t.logs.join('\n');
    for (const value of [secret, token.body.token, smsToken]) {
      expect(dump).not.toContain(value);
      expect(logs).not.toContain(value);
    }
  });
});
