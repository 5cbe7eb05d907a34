import { frameApi, mfaApi } from '@latchkey/protocol';
import { type AuthBody, dialects } from '@latchkey/test/server';
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
  post,
  totpCode,
} from '../fixtures/mfa.ts';

/**
 * The gates (tokens/mfa-token.ts) on the wallet frame's API, spoken as the frame speaks it (DPoP,
 * `@latchkey/test/server/frame-api`): once a user has a factor, share release (auth share, recovery
 * share, key material: export goes through these), the per-signature session check and every factor
 * change need a valid MFA token; a user without a factor is not affected.
 */
describe.each(dialects)('MFA gates on the frame API (%s)', (dialect) => {
  let s: FrameApiServer;
  beforeAll(async () => {
    s = await startFrameApiServer(dialect, mfaApp);
  });
  afterAll(() => s.t.close());
  const now = () => s.t.ctx.now();

  /** A user with a wallet and an authenticator app; `mfa()` verifies a fresh code for a token. */
  async function mfaUser(label: string) {
    const user = await login(s.client, label);
    const wallet = await createEmbeddedWallet(s.t, s.client, user.token);
    const { secret } = await enrollTotp(s.client, user.token, now);
    const mfa = async (session: AuthBody = user) => {
      s.t.advance(30);
      const res = await post<{ token: string }>(
        s.client,
        mfaApi.mfaTotpVerify.path,
        { code: totpCode(secret, now()) },
        session.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.token;
    };
    return { user, wallet, secret, mfa };
  }

  const shareRoutes = (entropyId: string) =>
    [
      [frameApi.authShare, { entropy_id: entropyId }],
      [frameApi.recoveryShare, { entropy_id: entropyId }],
      [`/${entropyId}/recovery/key_material`, { chain_type: 'ethereum' }],
      [frameApi.session, {}],
    ] as const;

  it('a user without a factor is not asked for one', async () => {
    const user = await login(s.client, 'no-factor');
    const wallet = await createEmbeddedWallet(s.t, s.client, user.token);
    for (const [path, body] of shareRoutes(wallet.entropyId)) {
      const res = await s.frame(path, body, user.token);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('with a factor: share release, key material and the session check need the MFA token', async () => {
    const { user, wallet, mfa } = await mfaUser('gated');
    for (const [path, body] of shareRoutes(wallet.entropyId)) {
      expect(await s.frame(path, body, user.token), path).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_mfa', error: 'Missing or invalid MFA token.' },
      });
      expect(await s.frame(path, body, user.token, { mfaToken: 'x'.repeat(43) }), path).toMatchObject({
        status: 401,
        body: { code: 'expired_or_invalid_mfa_token', error: 'Expired or invalid MFA token.' },
      });
    }
    const mfaToken = await mfa();
    for (const [path, body] of shareRoutes(wallet.entropyId)) {
      const res = await s.frame(path, body, user.token, { mfaToken });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const share = await s.frame<{ auth_share: string }>(
      frameApi.authShare,
      { entropy_id: wallet.entropyId },
      user.token,
      { mfaToken },
    );
    expect(Buffer.from(share.body.auth_share, 'base64')).toEqual(Buffer.from(wallet.authShare));
  });

  it('the token expires after 300 s, and serves only the user and session that verified', async () => {
    const { user, wallet, mfa } = await mfaUser('bound');
    const mfaToken = await mfa();
    const authShare = (session: AuthBody, token: string) =>
      s.frame(frameApi.authShare, { entropy_id: wallet.entropyId }, session.token, { mfaToken: token });
    expect((await authShare(user, mfaToken)).status).toBe(200);

    // The same user in another session (a second login): that session's token only.
    const secondLogin = await s.client.loginWithEmail(
      (user.user.linked_accounts[0] as unknown as { address: string }).address,
    );
    expect((await authShare(secondLogin.body, mfaToken)).body.code).toBe('expired_or_invalid_mfa_token');
    const secondToken = await mfa(secondLogin.body);
    expect((await authShare(secondLogin.body, secondToken)).status).toBe(200);
    expect((await authShare(user, secondToken)).body.code).toBe('expired_or_invalid_mfa_token');

    // Another user with a factor of their own cannot use this user's token.
    const other = await mfaUser('other');
    const otherShare = await s.frame(
      frameApi.authShare,
      { entropy_id: other.wallet.entropyId },
      other.user.token,
      { mfaToken },
    );
    expect(otherShare.body.code).toBe('expired_or_invalid_mfa_token');

    // Time: it was issued 30 s before the second login's mfa() moved the clock. The server's clock
    // is the wall clock plus the advances, so the margins allow for seconds of real time passing
    // on a loaded machine: 250 s on it serves, 275 s on (305 s old) it is gone.
    s.t.advance(250);
    expect((await authShare(user, mfaToken)).status).toBe(200);
    s.t.advance(25);
    expect((await authShare(user, mfaToken)).body.code).toBe('expired_or_invalid_mfa_token');
    expect((await s.frame(frameApi.session, {}, user.token, { mfaToken })).body.code).toBe(
      'expired_or_invalid_mfa_token',
    );
  });

  it('logout ends the token with its session', async () => {
    const { user, wallet, mfa } = await mfaUser('logout');
    const mfaToken = await mfa();
    expect(
      (
        await s.client.post(
          '/api/v1/sessions/logout',
          { refresh_token: user.refresh_token },
          { token: user.token },
        )
      ).status,
    ).toBe(200);
    const res = await s.frame(frameApi.authShare, { entropy_id: wallet.entropyId }, user.token, { mfaToken });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('missing_or_invalid_token');
  });

  it('the device proof comes first: without an enrolled device nothing says whether MFA is on', async () => {
    const { user, wallet, mfa } = await mfaUser('device');
    const mfaToken = await mfa();
    const stranger = await newTestDevice(s.t, s.client);
    const res = await stranger.post(frameApi.authShare, { entropy_id: wallet.entropyId }, user.token, {
      headers: { 'latchkey-mfa-token': mfaToken },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'device_revoked' } });
  });

  it('with a factor, every factor change needs the MFA token', async () => {
    const { user, mfa } = await mfaUser('changes');
    const passkey = await linkPasskey(s.client, user.token, softwareAuthenticator());
    const phone = newPhone();
    const changes: [string, unknown][] = [
      [mfaApi.mfaSmsInit.path, { action: 'enroll', phoneNumber: phone }],
      [mfaApi.mfaSmsEnroll.path, { phoneNumber: phone, code: '123456' }],
      [mfaApi.mfaSmsUnenroll.path, {}],
      [mfaApi.mfaTotpInit.path, {}],
      [mfaApi.mfaTotpEnroll.path, { code: '123456' }],
      [mfaApi.mfaTotpUnenroll.path, {}],
      [mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [passkey] }],
    ];
    for (const [path, body] of changes)
      expect(await post(s.client, path, body, user.token), path).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_mfa' },
      });
    // Starting a verification is not a change: it is how a token is had.
    expect((await post(s.client, mfaApi.mfaPasskeyInit.path, {}, user.token)).body.code).toBe(
      'linked_account_not_found',
    );
    const mfaToken = await mfa();
    expect((await enrollSms(s.client, user.token, phone, mfaToken)).status).toBe(200);
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
    const me = await s.client.request<{ user: { mfa_methods: { type: string }[] } }>('/api/v1/users/me', {
      token: user.token,
    });
    expect(me.body.user.mfa_methods.map((m) => m.type)).toEqual(['totp', 'sms', 'passkey']);
    expect((await post(s.client, mfaApi.mfaTotpUnenroll.path, {}, user.token, mfaToken)).status).toBe(200);
    expect((await post(s.client, mfaApi.mfaSmsUnenroll.path, {}, user.token, mfaToken)).status).toBe(200);
    expect(
      (await post(s.client, mfaApi.mfaPasskeyEnrollment.path, { credential_ids: [] }, user.token, mfaToken))
        .status,
    ).toBe(200);
    // No factor left: the gates are open again.
    const res = await s.frame(frameApi.session, {}, user.token);
    expect(res.status).toBe(200);
  });
});
