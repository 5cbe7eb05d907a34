import { serverWalletKeyLimits } from '@latchkey/protocol';
import { type AuthBody, CookieJar, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizationKey,
  authorizationKey,
  consent,
  frame,
  type Json,
  userWithWallets,
  walletApi,
} from './delegation-kit.ts';

/**
 * Session signers (spec document 2 §7, REFERENCES §8.3): the wallet frame registers its own key as
 * the user's authorization key (`frame/user_signer`), and with it the user adds signers to a wallet
 * they own through `PATCH /api/v1/wallets/:wallet_id`, which the user (Bearer token) may call for
 * their own wallet only, changing only its signers and name.
 */

describe.each(dialects)('session signers (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  /** An app with delegation on, a user who delegated their Ethereum wallet, and a session-signer quorum. */
  async function setup(label: string) {
    const { app, secret, client } = await t.createApp();
    const quorum = async (key: AuthorizationKey) =>
      (
        await walletApi(t, {
          method: 'POST',
          path: '/api/v1/key_quorums',
          body: { public_keys: [key.publicKey], authorization_threshold: 1 },
          appId: app.id,
          secret,
        })
      ).body.id as string;
    const appSigner = authorizationKey();
    await t.updateApp(app.id, { delegated_actions_signer_id: await quorum(appSigner) });
    const user = await userWithWallets(t, client, label);
    const res = await consent(t, client, user.token, [user.ethereum]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const walletId = (res.body.linked_accounts as Json[]).find((a) => a.address === user.ethereum.address)!
      .id as string;
    const sessionKey = authorizationKey();
    return { appId: app.id, secret, client, user, walletId, quorum, sessionKey };
  }

  /** The frame registers `key` as the user's authorization key for this session. */
  const registerFrameKey = (s: Awaited<ReturnType<typeof setup>>, token: string, key: AuthorizationKey) =>
    frame(t, s.client, '/frame/user_signer', { public_key: key.publicKey }, token);

  const patch = (
    s: Awaited<ReturnType<typeof setup>>,
    body: unknown,
    options: { token?: string; keys?: AuthorizationKey[]; walletId?: string } = {},
  ) =>
    walletApi(t, {
      method: 'PATCH',
      path: `/api/v1/wallets/${options.walletId ?? s.walletId}`,
      body,
      appId: s.appId,
      token: options.token ?? s.user.token,
      keys: (options.keys ?? []).map((k) => k.privateKey),
    });

  it('the user adds a session signer with the frame’s key; that signer then signs as the app’s backend', async () => {
    const s = await setup('adds');
    const frameKey = authorizationKey();
    const registered = await registerFrameKey(s, s.user.token, frameKey);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.expires_at).toBeGreaterThan(t.ctx.now() * 1000);

    // The user reads their wallet with their token.
    const read = await walletApi(t, {
      method: 'GET',
      path: `/api/v1/wallets/${s.walletId}`,
      appId: s.appId,
      token: s.user.token,
    });
    expect(read).toMatchObject({ status: 200, body: { id: s.walletId, address: s.user.ethereum.address } });
    const existing = read.body.additional_signers as Json[];

    const sessionQuorum = await s.quorum(s.sessionKey);
    const signers = [...existing, { signer_id: sessionQuorum }];
    // Unsigned, or signed by a key that is not the user's: refused.
    expect(await patch(s, { additional_signers: signers })).toMatchObject({ status: 401 });
    expect(await patch(s, { additional_signers: signers }, { keys: [authorizationKey()] })).toMatchObject({
      status: 401,
    });
    const changed = await patch(s, { additional_signers: signers }, { keys: [frameKey] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.additional_signers as Json[]).map((x) => x.signer_id)).toContain(sessionQuorum);

    // The session signer signs an RPC as the app's backend.
    const rpcBody = { method: 'personal_sign', params: { message: 'session', encoding: 'utf-8' } };
    const signed = await walletApi(t, {
      method: 'POST',
      path: `/v1/wallets/${s.walletId}/rpc`,
      body: rpcBody,
      appId: s.appId,
      secret: s.secret,
      keys: [s.sessionKey.privateKey],
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    // Removing them all (removeSessionSigners): the session signer signs no more.
    expect((await patch(s, { additional_signers: [] }, { keys: [frameKey] })).status).toBe(200);
    const after = await walletApi(t, {
      method: 'POST',
      path: `/v1/wallets/${s.walletId}/rpc`,
      body: rpcBody,
      appId: s.appId,
      secret: s.secret,
      keys: [s.sessionKey.privateKey],
    });
    expect(after.status).toBe(401);
  });

  it('refuses what a user may not change, signers not of the app, and other users', async () => {
    const s = await setup('refuses');
    const frameKey = authorizationKey();
    expect((await registerFrameKey(s, s.user.token, frameKey)).status).toBe(200);
    for (const body of [
      { policy_ids: [] },
      { owner: null },
      { owner_id: null },
      { external_id: 'mine' },
      { additional_signers: [], policy_ids: [] },
    ]) {
      const res = await patch(s, body, { keys: [frameKey] });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    }
    // A signer id that is no quorum of this app.
    const other = await setup('other-app');
    const foreign = await other.quorum(authorizationKey());
    expect(
      await patch(s, { additional_signers: [{ signer_id: foreign }] }, { keys: [frameKey] }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    // The name is the user's to change.
    expect(await patch(s, { display_name: 'Mine' }, { keys: [frameKey] })).toMatchObject({
      status: 200,
      body: { display_name: 'Mine' },
    });

    // Another user of the app, with their own frame key: the wallet is not theirs (not found), read or write.
    const intruder = await userWithWallets(t, s.client, 'intruder');
    const intruderKey = authorizationKey();
    expect((await registerFrameKey(s, intruder.token, intruderKey)).status).toBe(200);
    expect(
      await walletApi(t, {
        method: 'GET',
        path: `/api/v1/wallets/${s.walletId}`,
        appId: s.appId,
        token: intruder.token,
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await patch(s, { additional_signers: [] }, { token: intruder.token, keys: [intruderKey] }),
    ).toMatchObject({ status: 404 });
    // The owner's token with the intruder's key: not the owner's signature.
    expect(await patch(s, { additional_signers: [] }, { keys: [intruderKey] })).toMatchObject({
      status: 401,
    });
    // No credential at all; a token of another app.
    expect(
      await walletApi(t, { method: 'GET', path: `/api/v1/wallets/${s.walletId}`, appId: s.appId }),
    ).toMatchObject({ status: 401 });
    expect(
      await patch(s, { display_name: 'x' }, { token: other.user.token, keys: [frameKey] }),
    ).toMatchObject({
      status: 401,
    });
  });

  it('the frame key needs the device proof and a P-256 key; it ends with its session and is trimmed', async () => {
    const s = await setup('frame-key');
    const plain = await s.client.post(
      '/api/v1/embedded_wallets/frame/user_signer',
      { public_key: authorizationKey().publicKey },
      { token: s.user.token },
    );
    expect(plain.status).toBe(401);
    for (const publicKey of ['not a key', 'A'.repeat(200), Buffer.from('junk').toString('base64')]) {
      const res = await frame(t, s.client, '/frame/user_signer', { public_key: publicKey }, s.user.token);
      expect(res, publicKey).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    }

    // The oldest keys beyond the per-user bound count no more; the newest do.
    const keys = Array.from({ length: serverWalletKeyLimits.userKeysPerUser + 1 }, () => authorizationKey());
    for (const key of keys) {
      expect((await registerFrameKey(s, s.user.token, key)).status).toBe(200);
      t.advance(1);
    }
    expect(await patch(s, { display_name: 'a' }, { keys: [keys[0]!] })).toMatchObject({ status: 401 });
    expect(await patch(s, { display_name: 'b' }, { keys: [keys.at(-1)!] })).toMatchObject({ status: 200 });

    // Logout ends the key with its session; a new session's token does not revive it.
    const newest = keys.at(-1)!;
    expect((await s.client.post('/api/v1/sessions/logout', {}, { token: s.user.token })).status).toBe(200);
    const again = await s.client.loginWithEmail(s.user.email);
    expect(await patch(s, { display_name: 'c' }, { token: again.body.token, keys: [newest] })).toMatchObject({
      status: 401,
    });
  });

  it('admits the session cookie of a cookie-session app, for the user’s own wallet only', async () => {
    const { app, secret, client } = await t.createApp({ cookie_sessions: true });
    const cookieLogin = async (email: string) => {
      const jar = new CookieJar();
      await client.post('/api/v1/passwordless/init', { email });
      const res = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
        email,
        code: client.lastCode(email),
      });
      expect(res.status).toBe(200);
      jar.store(res.headers);
      return { jar, userId: res.body.user.id };
    };
    const owner = await cookieLogin('cookie-owner@example.com');
    const other = await cookieLogin('cookie-other@example.com');
    // The app's backend made the user a wallet of their own.
    const made = await walletApi(t, {
      method: 'POST',
      path: '/v1/wallets',
      body: { chain_type: 'ethereum', owner: { user_id: owner.userId } },
      appId: app.id,
      secret,
    });
    expect(made.status).toBe(200);
    const path = `/api/v1/wallets/${made.body.id}`;
    const read = (jar: CookieJar) => client.request<Json>(path, { headers: { cookie: jar.header(path) } });
    expect(await read(owner.jar)).toMatchObject({ status: 200, body: { id: made.body.id } });
    expect(await read(other.jar)).toMatchObject({ status: 404 });
    // A change needs the owner's signature, cookie or not.
    const unsigned = await client.request<Json>(path, {
      method: 'PATCH',
      body: { display_name: 'x' },
      headers: { cookie: owner.jar.header(path) },
    });
    expect(unsigned.status).toBe(401);
  });
});
