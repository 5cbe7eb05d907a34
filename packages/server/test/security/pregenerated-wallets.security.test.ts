import {
  combineShares,
  decryptShare,
  entropyToMnemonic,
  ethereumKey,
  seedFromEntropy,
  solanaKey,
  walletAddressAt,
} from '@latchkey/keys';
import { frameApi, routePath, type User } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  dumpDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import {
  b64,
  newTestDevice,
  randomShare,
  recoveryFields,
  uniqueEmail,
} from '@latchkey/test/server/frame-api';
import { frameDevice } from '@latchkey/test/server/wallet-frame';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAuthShare,
  openEncryptedRecoveryShare,
  openRecoveryKey,
  userEntropy,
} from '../../src/embedded-wallets/entropy-store.ts';

/**
 * Pregenerated wallets against the custody model (docs/security.md, "Pregenerated wallets"): the
 * key exists whole only in the server function that makes it, so nothing of it may reach a row or a
 * log; and the user's stolen tokens must get no share of a wallet no device has claimed yet.
 */
describe.each(dialects)('pregenerated wallets: custody (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let secret: string;

  const basic = () => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
  const pregenerate = (body: Record<string, unknown>) =>
    client.post<User>(`/api/v1/apps/${appId}/users/wallet`, body, { headers: { authorization: basic() } });
  const walletAddress = (user: User, chain: 'ethereum' | 'solana') =>
    (user.linked_accounts as unknown as { type: string; chain_type: string; address: string }[]).find(
      (a) => a.type === 'wallet' && a.chain_type === chain,
    )!.address;

  /** The stored entropy, rebuilt as only the operator can: both server keys (master key and key store). */
  async function rebuildAsOperator(userId: string) {
    const row = (await userEntropy(t.ctx.db, appId, userId.replace('did:privy:', '')))!;
    const authShare = openAuthShare(t.ctx.secretBox, row);
    const recoveryKey = (await openRecoveryKey(t.ctx, row))!;
    const box = await openEncryptedRecoveryShare(t.ctx, row);
    const recoveryShare = await decryptShare(box, recoveryKey);
    const entropy = await combineShares(authShare, recoveryShare);
    return { authShare, recoveryKey, box, recoveryShare, entropy };
  }

  beforeAll(async () => {
    t = await startTestServer(dialect);
    ({ client, secret } = await t.createApp());
    appId = client.appId;
  });
  afterAll(() => t.close());

  it('no key, seed, mnemonic or share in plaintext in any row or log line, before or after the claim', async () => {
    const email = uniqueEmail('at-rest');
    const signup = (await client.loginWithEmail(email)).body;
    const res = await pregenerate({
      user_id: signup.user.id,
      create_ethereum_wallet: true,
      create_solana_wallet: true,
    });
    expect(res.status).toBe(200);
    const ethereum = walletAddress(res.body, 'ethereum');
    const solana = walletAddress(res.body, 'solana');

    // What the server stored rebuilds exactly the pregenerated wallets: the frame's storage shape.
    const stored = await rebuildAsOperator(signup.user.id);
    const seed = seedFromEntropy(stored.entropy);
    expect(walletAddressAt(seed, 'ethereum', 0)).toBe(ethereum);
    expect(walletAddressAt(seed, 'solana', 0)).toBe(solana);

    const secrets = new Map<string, string>();
    const bytes = (label: string, value: Uint8Array) => {
      const buffer = Buffer.from(value);
      secrets.set(buffer.toString('hex'), `${label} (hex)`);
      secrets.set(buffer.toString('base64'), `${label} (base64)`);
      secrets.set(buffer.toString('base64url'), `${label} (base64url)`);
    };
    bytes('entropy', stored.entropy);
    bytes('seed', seed);
    bytes('auth share', stored.authShare);
    bytes('recovery share', stored.recoveryShare);
    bytes('recovery key', stored.recoveryKey);
    // The encrypted share is stored sealed again by the key store, never as the bare box.
    bytes('encrypted recovery share', stored.box);
    secrets.set(entropyToMnemonic(stored.entropy), 'mnemonic');
    const ethereumPrivate = ethereumKey(seed, 0).privateKey;
    secrets.set(ethereumPrivate.slice(2), 'Ethereum private key (hex)');
    bytes('Ethereum private key', Buffer.from(ethereumPrivate.slice(2), 'hex'));
    const solanaSecret = solanaKey(seed, 0).secretKey;
    bytes('Solana secret key', solanaSecret);
    bytes('Solana private key', solanaSecret.subarray(0, 32));
    secrets.set(base58.encode(solanaSecret), 'Solana secret key (base58)');

    const scan = async (when: string) => {
      const found: string[] = [];
      for (const row of await dumpDatabase(t))
        for (const [value, label] of secrets)
          if (row.text.includes(value)) found.push(`${label} in ${row.table}`);
      const logs = t.logs.join('\n');
      for (const [value, label] of secrets) if (logs.includes(value)) found.push(`${label} in the logs`);
      expect(found, when).toEqual([]);
    };
    await scan('after pregeneration');

    // The user's frame claims it and signs; the key is still nowhere at rest.
    const login = (await client.loginWithEmail(email)).body;
    const device = frameDevice(t, appId, () => login.token);
    await device.ask('privy:wallets:enroll-device', {});
    const entropy = { entropyId: ethereum, entropyIdVerifier: 'ethereum-address-verifier' };
    await device.ask('privy:wallets:recover', entropy);
    const signed = await device.ask('privy:wallets:rpc', {
      ...entropy,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['claimed', ethereum] },
    });
    const signature = (signed.response as { data: `0x${string}` }).data;
    expect(await verifyMessage({ address: ethereum as `0x${string}`, message: 'claimed', signature })).toBe(
      true,
    );
    await scan('after the claim');
    // The claim re-split the entropy: the shares made at pregeneration no longer open anything.
    const resplit = await rebuildAsOperator(signup.user.id);
    expect(Buffer.from(resplit.authShare).equals(Buffer.from(stored.authShare))).toBe(false);
    expect(Buffer.from(resplit.entropy).equals(Buffer.from(stored.entropy))).toBe(true);
  });

  it('stolen tokens of a user whose wallet no device has claimed yet: no share, and no pregeneration', async () => {
    const email = uniqueEmail('victim');
    const signup = (await client.loginWithEmail(email)).body;
    // The backend pregenerates later; the tokens from the sign-up are stolen and kept fresh.
    t.advance(t.ctx.settings.deviceEnrollmentWindowSeconds + 1);
    const res = await pregenerate({ user_id: signup.user.id, create_ethereum_wallet: true });
    expect(res.status).toBe(200);
    const address = walletAddress(res.body, 'ethereum');
    const refreshed = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: signup.refresh_token,
    });
    expect(refreshed.body.session_update_action).toBe('set');
    const token = refreshed.body.token;

    const attempts: [string, Record<string, unknown>][] = [
      [frameApi.enrollDevice, {}],
      [frameApi.nonce, {}],
      [frameApi.authShare, { entropy_id: address }],
      [frameApi.recoveryShare, { entropy_id: address }],
      [routePath(frameApi.keyMaterial, { address }), { chain_type: 'ethereum' }],
      [
        frameApi.setRecovery,
        {
          entropy_id: address,
          auth_share: b64(randomShare()),
          ...recoveryFields('privy').body,
          nonce: 'n'.repeat(32),
          signature: `0x${'11'.repeat(65)}`,
        },
      ],
    ];
    const loot = (body: unknown) =>
      ['auth_share', 'encrypted_recovery_share', 'recovery_key'].filter(
        (name) => typeof (body as Record<string, unknown> | null)?.[name] === 'string',
      );
    const attacker = await newTestDevice(t, client);
    const stolen: string[] = [];
    for (const [path, body] of attempts) {
      for (const origin of [testOrigin, t.origin]) {
        const bare = await client.post(`${frameApi.prefix}${path}`, body, { token, headers: { origin } });
        expect(bare, path).toMatchObject({ status: 401, body: { code: 'invalid_dpop_proof' } });
        stolen.push(...loot(bare.body));
      }
      const own = await attacker.post(path, body, token, { headers: { origin: t.origin } });
      expect(own.status, path).toBe(403);
      expect(own.body.code, path).toBe(
        path === frameApi.enrollDevice ? 'recent_authentication_required' : 'device_revoked',
      );
      stolen.push(...loot(own.body));
    }
    expect(stolen).toEqual([]);
    // Nor can the token pregenerate, or see the route at all: it needs the app secret.
    const asUser = await client.post(
      `/api/v1/apps/${appId}/users/wallet`,
      { user_id: signup.user.id, create_solana_wallet: true },
      { token },
    );
    expect(asUser).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    const devices = await t.ctx.db
      .selectFrom('wallet_devices')
      .select('jkt')
      .where('user_id', '=', signup.user.id.replace('did:privy:', ''))
      .execute();
    expect(devices).toEqual([]);

    // The user's own fresh login claims the wallet untouched.
    const login = (await client.loginWithEmail(email)).body;
    const device = frameDevice(t, appId, () => login.token);
    await device.ask('privy:wallets:enroll-device', {});
    const entropy = { entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' };
    await device.ask('privy:wallets:recover', entropy);
    const signed = await device.ask('privy:wallets:rpc', {
      ...entropy,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['mine', address] },
    });
    const signature = (signed.response as { data: `0x${string}` }).data;
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'mine', signature })).toBe(true);
  });

  it('a second pregeneration of a chain, or of another app’s user, changes nothing', async () => {
    const signup = (await client.loginWithEmail(uniqueEmail('twice'))).body;
    const first = await pregenerate({ user_id: signup.user.id, create_ethereum_wallet: true });
    const before = await rebuildAsOperator(signup.user.id);
    expect(await pregenerate({ user_id: signup.user.id, create_ethereum_wallet: true })).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists' },
    });
    const after = await rebuildAsOperator(signup.user.id);
    expect(Buffer.from(after.authShare).equals(Buffer.from(before.authShare))).toBe(true);
    expect(walletAddress(first.body, 'ethereum')).toBe(
      walletAddressAt(seedFromEntropy(after.entropy), 'ethereum', 0),
    );

    const other = await t.createApp();
    const stranger = (await other.client.loginWithEmail(uniqueEmail('stranger'))).body.user.id;
    expect(await pregenerate({ user_id: stranger, create_ethereum_wallet: true })).toMatchObject({
      status: 404,
      body: { code: 'user_does_not_exist' },
    });
    expect(await userEntropy(t.ctx.db, other.app.id, stranger.replace('did:privy:', ''))).toBeUndefined();
  });
});
