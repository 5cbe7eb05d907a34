import { delegationLimits, frameApi } from '@latchkey/protocol';
import {
  dialects,
  dumpDatabase,
  startTestServer,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { b64, framePost, randomShare, recoveryFields, uniqueEmail } from '@latchkey/test/server/frame-api';
import { bytesToHex } from '@noble/hashes/utils.js';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEntries } from '../../src/features.ts';
import { sealToRecipient } from '../../src/server-wallets/hpke/hpke.ts';
import { sweepExpired } from '../../src/storage/retention.ts';
import {
  type AuthorizationKey,
  authorizationKey,
  consent,
  frame,
  type Json,
  knownEthereumWallet,
  sealedUploads,
  userWithWallets,
  walletApi,
} from './delegation-kit.ts';

/**
 * Delegated actions (spec document 2 §3, §4; REFERENCES §8.3), end to end through the routes: the
 * frame's consent makes server wallets the user owns, the app's backend signs for them with its
 * authorization key and never with its secret alone, and revoke, expiry and user deletion destroy
 * the keys. Attackers: another app, a wrong key, another user's init, a replayed or expired init,
 * keys that do not control their address, wallets that are not the user's.
 */

const message = 'delegated hello';

describe.each(dialects)('delegated actions (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  /** An app with delegation on: its backend's key quorum is the signer. */
  async function delegatingApp(settings: Record<string, unknown> = {}) {
    const { app, secret, client } = await t.createApp();
    const signer = authorizationKey();
    const quorum = await walletApi(t, {
      method: 'POST',
      path: '/api/v1/key_quorums',
      body: { public_keys: [signer.publicKey], authorization_threshold: 1 },
      appId: app.id,
      secret,
    });
    expect(quorum.status).toBe(200);
    await t.updateApp(app.id, { delegated_actions_signer_id: quorum.body.id, ...settings });
    return { appId: app.id, secret, client, signer, quorumId: quorum.body.id as string };
  }

  /** `personal_sign` by the app's backend: its secret, and signed by `keys`. */
  const personalSign = (
    app: { appId: string; secret: string },
    walletId: string,
    keys: AuthorizationKey[] = [],
  ) =>
    walletApi(t, {
      method: 'POST',
      path: `/v1/wallets/${walletId}/rpc`,
      body: { method: 'personal_sign', params: { message, encoding: 'utf-8' } },
      appId: app.appId,
      secret: app.secret,
      keys: keys.map((k) => k.privateKey),
    });

  /** The user's embedded wallet account of `address`, as a response's user shows it. */
  const accountOf = (user: Json, address: string) =>
    (user.linked_accounts as Json[]).find((a) => a.address === address)!;

  it('consent makes server wallets the app’s backend signs for with its authorization key only', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'consent');
    // Before consent an embedded wallet has no id; named by its address, it is refused as not delegated.
    for (const address of [user.ethereum.address, user.ethereum.address.toLowerCase(), user.solana.address])
      expect(await personalSign(app, address, [app.signer])).toMatchObject({
        status: 403,
        body: { code: 'user_has_not_delegated_wallet' },
      });
    const res = await consent(t, app.client, user.token, [user.ethereum, user.solana]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const eth = accountOf(res.body, user.ethereum.address);
    const sol = accountOf(res.body, user.solana.address);
    expect(eth).toMatchObject({ delegated: true, connector_type: 'embedded', recovery_method: 'privy' });
    expect(sol).toMatchObject({ delegated: true });
    expect(eth.id).toEqual(expect.any(String));
    const walletId = eth.id as string;

    // The app's backend, with its signer's signature: the wallet's own key signs.
    const signed = await personalSign(app, walletId, [app.signer]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const signature = (signed.body.data as { signature: `0x${string}` }).signature;
    expect(await verifyMessage({ address: user.ethereum.address as `0x${string}`, message, signature })).toBe(
      true,
    );

    // The app secret alone, a key that is not the signer's: refused.
    expect(await personalSign(app, walletId)).toMatchObject({ status: 401 });
    expect(await personalSign(app, walletId, [authorizationKey()])).toMatchObject({ status: 401 });
    // Another app's backend, even with its own signer and a valid signature of its own: not its wallet.
    const other = await delegatingApp();
    expect(await personalSign(other, walletId, [other.signer])).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await personalSign(other, user.ethereum.address, [other.signer])).toMatchObject({ status: 404 });
    // An id never delegated (nor made): not found.
    expect(await personalSign(app, 'w'.repeat(24), [app.signer])).toMatchObject({ status: 404 });

    // The wallets are the user's server wallets: listed by user, owned by them, the app's quorum a signer.
    const list = await walletApi(t, {
      method: 'GET',
      path: `/v1/wallets?user_id=${encodeURIComponent(user.userId)}`,
      appId: app.appId,
      secret: app.secret,
    });
    const listed = list.body.data as Json[];
    expect(listed.map((w) => w.id).sort()).toEqual([walletId, sol.id].sort());
    expect(listed.find((w) => w.id === walletId)).toMatchObject({
      address: user.ethereum.address,
      additional_signers: [{ signer_id: app.quorumId }],
    });

    // No key in the clear anywhere in the database.
    const dump = (await dumpDatabase(t)).map((row) => row.text).join('\n');
    const logs = t.logs.join('\n');
    for (const key of [user.ethereum.key, user.solana.key])
      for (const text of [bytesToHex(key), Buffer.from(key).toString('base64')]) {
        expect(dump).not.toContain(text);
        expect(logs).not.toContain(text);
      }
  });

  it('refuses consent when the app has no signer, but not the migration of a server-wallets-only app', async () => {
    const { client } = await t.createApp();
    const user = await userWithWallets(t, client, 'off');
    // At the init already: the frame learns it before it releases any share.
    expect(await frame(t, client, '/frame/delegation/init', {}, user.token)).toMatchObject({
      status: 403,
      body: { code: 'feature_not_enabled', error: 'Delegated actions are not enabled for this app.' },
    });
    // The signer removed between the init and the upload: refused too, for either reason.
    const app = await delegatingApp();
    const late = await userWithWallets(t, app.client, 'late');
    for (const reason of ['consent', 'migration']) {
      const key = (await frame(t, app.client, '/frame/delegation/init', {}, late.token)).body
        .encryption_public_key as string;
      await t.updateApp(app.appId, { delegated_actions_signer_id: null });
      const body = { encryption_public_key: key, wallets: await sealedUploads(key, [late.ethereum]), reason };
      expect(await frame(t, app.client, '/frame/delegation', body, late.token)).toMatchObject({
        status: 403,
        body: { code: 'feature_not_enabled' },
      });
      await t.updateApp(app.appId, { delegated_actions_signer_id: app.quorumId });
    }

    const migrating = await t.createApp({
      embedded_wallet_config: { mode: 'user-controlled-server-wallets-only' },
    });
    const owner = await userWithWallets(t, migrating.client, 'migration');
    const res = await consent(t, migrating.client, owner.token, [owner.ethereum], { reason: 'migration' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const walletId = accountOf(res.body, owner.ethereum.address).id as string;
    const wallet = await walletApi(t, {
      method: 'GET',
      path: `/v1/wallets/${walletId}`,
      appId: migrating.app.id,
      secret: migrating.secret,
    });
    // No signer but the user: the app's secret signs nothing.
    expect(wallet.body).toMatchObject({ additional_signers: [] });
    expect(await personalSign({ appId: migrating.app.id, secret: migrating.secret }, walletId)).toMatchObject(
      {
        status: 401,
      },
    );
  });

  it('refuses keys that do not control their address, wallets that are not the user’s, and spent or foreign inits', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'victim');
    const attacker = await userWithWallets(t, app.client, 'attacker');
    const upload = (token: string, key: string, wallets: Parameters<typeof sealedUploads>[1]) =>
      sealedUploads(key, wallets).then((sealed) =>
        frame(t, app.client, '/frame/delegation', { encryption_public_key: key, wallets: sealed }, token),
      );
    const init = async (token: string) =>
      (await frame(t, app.client, '/frame/delegation/init', {}, token)).body.encryption_public_key as string;
    const refused = (res: { status: number; body: Json }, pattern: RegExp) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
      expect(res.body.error).toMatch(pattern);
    };

    // Another key sealed under the user's address.
    const stranger = knownEthereumWallet();
    refused(
      await upload(user.token, await init(user.token), [{ ...user.ethereum, key: stranger.key }]),
      /does not control/,
    );
    // Someone else's wallet, with its real key; a wallet of the user under the wrong index or kind.
    refused(await upload(user.token, await init(user.token), [attacker.ethereum]), /not an embedded wallet/);
    refused(await upload(user.token, await init(user.token), [stranger]), /not an embedded wallet/);
    refused(
      await upload(user.token, await init(user.token), [{ ...user.ethereum, wallet_index: 1 }]),
      /not an embedded wallet/,
    );
    refused(
      await upload(user.token, await init(user.token), [{ ...user.ethereum, imported: true }]),
      /not an embedded wallet/,
    );
    // The same wallet twice.
    refused(await upload(user.token, await init(user.token), [user.ethereum, user.ethereum]), /named twice/);
    // Another user's init: their key is not this user's.
    refused(
      await upload(user.token, await init(attacker.token), [user.ethereum]),
      /not a live delegation key/,
    );
    // Sealed to another key than the init's.
    const key = await init(user.token);
    const sealed = await sealedUploads(await init(user.token), [user.ethereum]);
    refused(
      await frame(
        t,
        app.client,
        '/frame/delegation',
        { encryption_public_key: key, wallets: sealed },
        user.token,
      ),
      /not sealed to this delegation key/,
    );
    // That init is spent by the refused upload: a correct one under it is refused too.
    refused(await upload(user.token, key, [user.ethereum]), /not a live delegation key/);
    // An expired init.
    const old = await init(user.token);
    t.advance(delegationLimits.initTtlMs / 1000 + 1);
    refused(await upload(user.token, old, [user.ethereum]), /not a live delegation key/);

    // A good consent spends its init: replayed, refused.
    const good = await init(user.token);
    const body = { encryption_public_key: good, wallets: await sealedUploads(good, [user.ethereum]) };
    expect((await frame(t, app.client, '/frame/delegation', body, user.token)).status).toBe(200);
    refused(await frame(t, app.client, '/frame/delegation', body, user.token), /not a live delegation key/);

    // Nothing refused was kept: the user's one delegated wallet, the attacker's none.
    const wallets = await t.ctx.db
      .selectFrom('delegated_wallets')
      .selectAll()
      .where('app_id', '=', app.appId)
      .execute();
    expect(wallets.map((w) => w.address_key)).toEqual([user.ethereum.address.toLowerCase()]);
  });

  it('refuses a frame request without the device proof, and hostile bodies with a 4xx', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'hostile');
    const plain = await app.client.post(
      '/api/v1/embedded_wallets/frame/delegation/init',
      {},
      { token: user.token },
    );
    expect(plain.status).toBe(401);
    const key = (await frame(t, app.client, '/frame/delegation/init', {}, user.token)).body
      .encryption_public_key as string;
    const [one] = await sealedUploads(key, [user.ethereum]);
    const hostile: unknown[] = [
      { encryption_public_key: key, wallets: [] },
      { encryption_public_key: key, wallets: Array(delegationLimits.walletsPerConsent + 1).fill(one) },
      { encryption_public_key: key, wallets: [{ ...one, ciphertext: 'not base64!' }] },
      { encryption_public_key: key, wallets: [{ ...one, encapsulated_key: 'A'.repeat(150) }] },
      { encryption_public_key: key, wallets: [{ ...one, ciphertext: 'A'.repeat(10_000) }] },
      { encryption_public_key: key, wallets: [{ ...one, chain_type: 'cosmos' }] },
      { encryption_public_key: key, wallets: [{ ...one, address: 'not an address' }] },
      { encryption_public_key: key, wallets: [{ ...one, wallet_index: -1 }] },
      { encryption_public_key: key, wallets: [one], reason: 'because' },
      { encryption_public_key: 'x'.repeat(5000), wallets: [one] },
    ];
    for (const body of hostile) {
      const res = await frame(t, app.client, '/frame/delegation', body, user.token);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
    }
  });

  it('survives logout; ends on revoke (same id back on a new consent); revoking nothing is fine', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'revoke');
    const res = await consent(t, app.client, user.token, [user.ethereum]);
    const walletId = accountOf(res.body, user.ethereum.address).id as string;

    const logout = await app.client.post('/api/v1/sessions/logout', {}, { token: user.token });
    expect(logout.status).toBe(200);
    expect((await personalSign(app, walletId, [app.signer])).status).toBe(200);

    const again = await app.client.loginWithEmail(user.email);
    const token = again.body.token;
    const revoked = await app.client.post('/api/v1/wallets/revoke', {}, { token });
    expect(revoked).toMatchObject({ status: 200, body: { message: 'Revoked delegated wallets.' } });
    expect(await personalSign(app, walletId, [app.signer])).toMatchObject({
      status: 403,
      body: { code: 'user_has_not_delegated_wallet', error: 'The user has not delegated this wallet.' },
    });
    const me = await app.client.request<Json>('/api/v1/users/me', { token });
    expect(accountOf(me.body.user as Json, user.ethereum.address)).toMatchObject({
      delegated: false,
      id: walletId,
    });
    // The key is gone with its wallet row.
    expect(
      await t.ctx.db.selectFrom('server_wallets').select('id').where('id', '=', walletId).execute(),
    ).toEqual([]);
    // Revoking again, with nothing delegated: the same answer.
    expect(await app.client.post('/api/v1/wallets/revoke', {}, { token })).toMatchObject({ status: 200 });

    // A new consent restores the wallet under the id the app stored.
    const restored = await consent(t, app.client, token, [user.ethereum]);
    expect(accountOf(restored.body, user.ethereum.address)).toMatchObject({ delegated: true, id: walletId });
    expect((await personalSign(app, walletId, [app.signer])).status).toBe(200);
  });

  it('ends at the app’s TTL: refused at once, the key destroyed by the sweep', async () => {
    const app = await delegatingApp({ delegated_actions_ttl_seconds: 60 });
    const user = await userWithWallets(t, app.client, 'ttl');
    const res = await consent(t, app.client, user.token, [user.ethereum]);
    const walletId = accountOf(res.body, user.ethereum.address).id as string;
    expect((await personalSign(app, walletId, [app.signer])).status).toBe(200);

    t.advance(61);
    expect(await personalSign(app, walletId, [app.signer])).toMatchObject({
      status: 403,
      body: { code: 'user_has_not_delegated_wallet' },
    });
    await sweepExpired(t.ctx, sweepEntries());
    expect(
      await t.ctx.db.selectFrom('server_wallets').select('id').where('id', '=', walletId).execute(),
    ).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('delegated_wallets')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(row.expires_at);
    const account = await t.ctx.db
      .selectFrom('linked_accounts')
      .select('details')
      .where('identifier', '=', user.ethereum.address.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(JSON.parse(account.details)).toMatchObject({ delegated: false, id: walletId });
    expect(await personalSign(app, walletId, [app.signer])).toMatchObject({ status: 403 });
  });

  it('ends with the user: their deletion destroys the delegated keys', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'deleted');
    const res = await consent(t, app.client, user.token, [user.ethereum, user.solana]);
    const walletId = accountOf(res.body, user.ethereum.address).id as string;
    const deleted = await walletApi(t, {
      method: 'DELETE',
      path: `/api/v1/users/${user.userId}`,
      appId: app.appId,
      secret: app.secret,
    });
    expect(deleted.status).toBe(200);
    expect(
      await t.ctx.db.selectFrom('server_wallets').select('id').where('app_id', '=', app.appId).execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('delegated_wallets')
        .select('wallet_id')
        .where('app_id', '=', app.appId)
        .execute(),
    ).toEqual([]);
    expect(await personalSign(app, walletId, [app.signer])).toMatchObject({ status: 404 });
  });

  it('binds the app’s signer by its policy, and checks signer and policy are the app’s at consent', async () => {
    const app = await delegatingApp();
    const policy = await walletApi(t, {
      method: 'POST',
      path: '/v1/policies',
      body: {
        version: '1.0',
        name: 'Sends to one address only',
        chain_type: 'ethereum',
        rules: [
          {
            name: 'allow one',
            method: 'eth_sendTransaction',
            action: 'ALLOW',
            conditions: [
              {
                field_source: 'ethereum_transaction',
                field: 'to',
                operator: 'eq',
                value: '0x52908400098527886E0F7030069857D2E4169EE7',
              },
            ],
          },
        ],
      },
      appId: app.appId,
      secret: app.secret,
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    await t.updateApp(app.appId, { delegated_actions_policy_ids: [policy.body.id] });
    const user = await userWithWallets(t, app.client, 'policy');
    const res = await consent(t, app.client, user.token, [user.ethereum]);
    const walletId = accountOf(res.body, user.ethereum.address).id as string;
    // The policy allows no message signature: the app's signer is refused one.
    const refused = await personalSign(app, walletId, [app.signer]);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe('policy_violation');

    // A signer or policy of another app in the settings: the consent is refused, nothing is kept.
    const other = await delegatingApp();
    const second = await userWithWallets(t, app.client, 'misconfigured');
    await t.updateApp(app.appId, {
      delegated_actions_policy_ids: null,
      delegated_actions_signer_id: other.quorumId,
    });
    expect(await consent(t, app.client, second.token, [second.ethereum])).toMatchObject({
      status: 400,
      body: { code: 'invalid_data' },
    });
    expect(
      await t.ctx.db
        .selectFrom('server_wallets')
        .select('id')
        .where('address_key', '=', second.ethereum.address.toLowerCase())
        .execute(),
    ).toEqual([]);
  });

  it('delegates an HD wallet and an imported one; refuses an address the app already holds itself', async () => {
    const app = await delegatingApp();
    const user = await userWithWallets(t, app.client, 'hd');
    const second = knownEthereumWallet(1);
    const added = await framePost(
      t,
      app.client,
      `${frameApi.prefix}${frameApi.addWallet}`,
      { entropy_id: user.ethereum.address, chain_type: 'ethereum', address: second.address, wallet_index: 1 },
      user.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const imported = { ...knownEthereumWallet(0), imported: true };
    const made = await framePost(
      t,
      app.client,
      `${frameApi.prefix}${frameApi.import}`,
      {
        chain_type: 'ethereum',
        address: imported.address,
        auth_share: b64(randomShare(33)),
        ...recoveryFields('privy').body,
      },
      user.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await consent(t, app.client, user.token, [second, imported]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(accountOf(res.body, second.address)).toMatchObject({ delegated: true, wallet_index: 1 });
    expect(accountOf(res.body, imported.address)).toMatchObject({ delegated: true, imported: true });
    // The wallets the user did not delegate stay as they were.
    expect(accountOf(res.body, user.ethereum.address)).toMatchObject({ delegated: false, id: null });
    const id = accountOf(res.body, second.address).id as string;
    expect((await personalSign(app, id, [app.signer])).status).toBe(200);

    // The app imported the user's primary key as a wallet of its own: the consent is refused whole.
    const init = await walletApi(t, {
      method: 'POST',
      path: '/v1/wallets/import/init',
      body: {
        chain_type: 'ethereum',
        address: user.ethereum.address,
        entropy_type: 'private-key',
        encryption_type: 'HPKE',
      },
      appId: app.appId,
      secret: app.secret,
    });
    const point = new Uint8Array(Buffer.from(init.body.encryption_public_key as string, 'base64'));
    const sealed = await sealToRecipient(point, user.ethereum.key);
    const submitted = await walletApi(t, {
      method: 'POST',
      path: '/v1/wallets/import/submit',
      body: {
        wallet: {
          chain_type: 'ethereum',
          address: user.ethereum.address,
          entropy_type: 'private-key',
          encryption_type: 'HPKE',
          ...sealed,
        },
      },
      appId: app.appId,
      secret: app.secret,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // The Solana wallet first: it is not kept either.
    expect(await consent(t, app.client, user.token, [user.solana, user.ethereum])).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists' },
    });
    expect(
      await t.ctx.db
        .selectFrom('delegated_wallets')
        .select('wallet_id')
        .where('address_key', '=', user.solana.address)
        .execute(),
    ).toEqual([]);
  });

  it('refuses app settings out of bounds', async () => {
    const { app } = await t.createApp();
    for (const patch of [
      { delegated_actions_ttl_seconds: 0 },
      { delegated_actions_ttl_seconds: delegationLimits.maxTtlSeconds + 1 },
      { delegated_actions_ttl_seconds: 1.5 },
      { delegated_actions_policy_ids: ['a', 'b'] },
      { delegated_actions_signer_id: '' },
      { delegated_actions_signer_id: 'q'.repeat(101) },
    ]) {
      const res = await t.fetch(`/admin/v1/apps/${app.id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${testAdminKey}`,
          'content-type': 'application/json',
          origin: t.origin,
        },
        body: JSON.stringify(patch),
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
    }
  });

  it('revoke needs the user: no token, another app’s token', async () => {
    const app = await delegatingApp();
    expect((await app.client.post('/api/v1/wallets/revoke', {})).status).toBe(401);
    const other = await t.createApp();
    const login = await other.client.loginWithEmail(uniqueEmail('other-app'));
    expect((await app.client.post('/api/v1/wallets/revoke', {}, { token: login.body.token })).status).toBe(
      401,
    );
  });
});
