import { randomBytes } from 'node:crypto';
import { type AuthBody, dialects, type TestClient, type TestServer, testOrigin } from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  embeddedWalletsApi,
  type FrameApiServer,
  newEthereumAddress,
  newSolanaAddress,
  newTestDevice,
  randomShare,
  recoveryFields,
  startFrameApiServer,
  uniqueEmail,
} from '@latchkey/test/server/frame-api';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/storage/migrations.ts';
import { openNodeSqlite } from '../../src/storage/node-sqlite.ts';

type WireUser = AuthBody['user'];

/** A `/frame/import` body as the frame sends it: a share of a 32-byte key is 33 bytes. */
function importFixture(
  options: { chain?: 'ethereum' | 'solana'; method?: 'privy' | 'user-passcode'; address?: string } = {},
) {
  const chain = options.chain ?? 'ethereum';
  const address = options.address ?? (chain === 'ethereum' ? newEthereumAddress() : newSolanaAddress());
  const authShare = randomShare(33);
  const recovery = recoveryFields(options.method ?? 'privy');
  return {
    address,
    authShare,
    recovery,
    body: { chain_type: chain, address, auth_share: b64(authShare), ...recovery.body } as Record<
      string,
      unknown
    >,
  };
}

const embeddedWallets = (user: WireUser) =>
  user.linked_accounts.filter((a) => a.type === 'wallet' && a.connector_type === 'embedded');

describe.each(dialects)('embedded wallets: importing a private key (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let frame: FrameApiServer['frame'];
  let login: FrameApiServer['login'];

  const importWallet = (body: unknown, token: string) =>
    frame<WireUser & { code?: string }>('/frame/import', body, token);

  beforeAll(async () => {
    ({ t, client, appId, frame, login } = await startFrameApiServer(dialect, { sms_auth: true }));
  });
  afterAll(() => t.close());

  it('links the wallet as an imported embedded account and records user.wallet_created', async () => {
    const user = await login();
    const fixture = importFixture();
    const res = await importWallet(fixture.body, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(embeddedWallets(res.body)).toEqual([
      {
        type: 'wallet',
        id: null,
        address: fixture.address,
        chain_id: 'eip155:1',
        chain_type: 'ethereum',
        connector_type: 'embedded',
        wallet_client: 'privy',
        wallet_client_type: 'privy',
        wallet_index: 0,
        delegated: false,
        imported: true,
        recovery_method: 'privy',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
    ]);

    // The imported key is an entropy of its own, named by its address in any case.
    for (const entropyId of [fixture.address, fixture.address.toLowerCase()]) {
      const auth = await frame('/frame/auth_share', { entropy_id: entropyId }, user.token);
      expect(auth).toMatchObject({
        status: 200,
        body: { auth_share: b64(fixture.authShare), session_id: expect.any(String) },
      });
    }
    const share = await frame('/frame/recovery_share', { entropy_id: fixture.address }, user.token);
    expect(share.body).toEqual({
      recovery_method: 'privy',
      encrypted_recovery_share: b64(fixture.recovery.encryptedRecoveryShare),
      recovery_key_derivation_salt: null,
    });
    const material = await frame(`/${fixture.address}/recovery/key_material`, {}, user.token);
    expect(material.body).toMatchObject({
      recovery_type: 'privy_generated_recovery_key',
      recovery_key: b64(fixture.recovery.recoveryKey!),
    });

    const events = await t.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('app_id', '=', appId)
      .where('type', '=', 'user.wallet_created')
      .execute();
    const mine = events
      .map((e) => JSON.parse(e.payload) as { user: WireUser; wallet: unknown })
      .filter((e) => e.user.id === user.user.id);
    expect(mine.map((e) => e.wallet)).toEqual([{ address: fixture.address, chain_type: 'ethereum' }]);
    expect(embeddedWallets(mine[0]!.user)).toMatchObject([{ imported: true }]);
  });

  it('a Solana key (user-passcode): public_key, the salt and no key kept', async () => {
    const user = await login();
    const fixture = importFixture({ chain: 'solana', method: 'user-passcode' });
    const res = await importWallet(fixture.body, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(embeddedWallets(res.body)).toEqual([
      expect.objectContaining({
        address: fixture.address,
        public_key: fixture.address,
        chain_type: 'solana',
        chain_id: null,
        imported: true,
        wallet_index: 0,
        recovery_method: 'user-passcode',
      }),
    ]);
    const material = await frame(`/${fixture.address}/recovery/key_material`, {}, user.token);
    expect(material.body).toMatchObject({
      recovery_type: 'user_passcode_derived_recovery_key',
      recovery_key: null,
      recovery_key_derivation_salt: b64(fixture.recovery.salt!),
    });
    const row = await t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('entropy_id', '=', fixture.address)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      imported: 1,
      entropy_id_verifier: 'solana-address-verifier',
      recovery_key_sealed: null,
    });
  });

  it('imported keys live beside the HD wallets: each entropy keeps its own shares and method', async () => {
    const user = await login();
    // Imported first: the HD tree's index 0 is still free afterwards.
    const imported = importFixture();
    expect((await importWallet(imported.body, user.token)).status).toBe(200);
    const hd = await createEmbeddedWallet(t, client, user.token, {
      chains: ['ethereum', 'solana'],
      method: 'user-passcode',
    });
    const second = importFixture({ chain: 'solana' });
    const res = await importWallet(second.body, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = (u: WireUser) =>
      embeddedWallets(u)
        .map((w) => `${w.address} ${w.wallet_index} ${w.imported} ${w.recovery_method}`)
        .sort();
    expect(summary(res.body)).toEqual(
      [
        `${imported.address} 0 true privy`,
        `${second.address} 0 true privy`,
        `${hd.ethereumAddress} 0 false user-passcode`,
        `${hd.solanaAddress} 0 false user-passcode`,
      ].sort(),
    );
    // The HD entropy is still found by its own names only.
    const hdAuth = await frame('/frame/auth_share', { entropy_id: hd.entropyId }, user.token);
    expect(hdAuth.body).toEqual({ auth_share: b64(hd.authShare), session_id: expect.any(String) });
    const hdMaterial = await frame(`/${hd.solanaAddress}/recovery/key_material`, {}, user.token);
    expect(hdMaterial.body).toMatchObject({ recovery_key_derivation_salt: b64(hd.salt!) });
    const importedMaterial = await frame(`/${imported.address}/recovery/key_material`, {}, user.token);
    expect(importedMaterial.body).toMatchObject({ recovery_key: b64(imported.recovery.recoveryKey!) });

    // A re-split of the imported key (recovery on a new device) changes that wallet only...
    const passcode = recoveryFields('user-passcode');
    const newShare = randomShare(33);
    const reset = await frame<WireUser>(
      '/frame/set_recovery',
      { entropy_id: imported.address, auth_share: b64(newShare), ...passcode.body },
      user.token,
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(summary(reset.body)).toEqual(
      [
        `${imported.address} 0 true user-passcode`,
        `${second.address} 0 true privy`,
        `${hd.ethereumAddress} 0 false user-passcode`,
        `${hd.solanaAddress} 0 false user-passcode`,
      ].sort(),
    );
    const auth = await frame('/frame/auth_share', { entropy_id: imported.address }, user.token);
    expect(auth.body).toEqual({ auth_share: b64(newShare), session_id: expect.any(String) });
    // ...and one of the HD entropy changes the HD wallets only.
    const back = await frame<WireUser>(
      '/frame/set_recovery',
      {
        entropy_id: hd.entropyId,
        auth_share: b64(randomShare()),
        ...recoveryFields('privy').body,
        current_password_verifier: b64(hd.passwordVerifier!),
      },
      user.token,
    );
    expect(summary(back.body)).toEqual(
      [
        `${imported.address} 0 true user-passcode`,
        `${second.address} 0 true privy`,
        `${hd.ethereumAddress} 0 false privy`,
        `${hd.solanaAddress} 0 false privy`,
      ].sort(),
    );
    expect((await frame('/frame/auth_share', { entropy_id: imported.address }, user.token)).body).toEqual({
      auth_share: b64(newShare),
      session_id: expect.any(String),
    });
    // An additional HD wallet still follows the HD tree's rules.
    const add = await frame(
      '/frame/add_wallet',
      { entropy_id: hd.entropyId, chain_type: 'ethereum', address: newEthereumAddress(), wallet_index: 1 },
      user.token,
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    // An imported key has no HD tree: no wallet can be added to it.
    const addToImported = await frame(
      '/frame/add_wallet',
      {
        entropy_id: imported.address,
        chain_type: 'ethereum',
        address: newEthereumAddress(),
        wallet_index: 2,
      },
      user.token,
    );
    expect(addToImported).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid entropy_id: an imported wallet has no HD wallets' },
    });
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(embeddedWallets(me.body.user).filter((w) => w.imported === true)).toHaveLength(2);
  });

  it('refuses an address that is an account already: the user’s own or another user’s', async () => {
    const owner = await login('owner');
    const hd = await createEmbeddedWallet(t, client, owner.token);
    const imported = importFixture();
    expect((await importWallet(imported.body, owner.token)).status).toBe(200);

    const again = await importWallet(importFixture({ address: imported.address }).body, owner.token);
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists', error: 'Wallet address is already linked to this user' },
    });
    const ownHd = await importWallet(importFixture({ address: hd.ethereumAddress! }).body, owner.token);
    expect(ownHd).toMatchObject({ status: 400, body: { code: 'resource_already_exists' } });

    const other = await login('other');
    for (const address of [imported.address, hd.ethereumAddress!, hd.ethereumAddress!.toLowerCase()]) {
      const res = await importWallet(importFixture({ address }).body, other.token);
      expect({ status: res.status, code: res.body.code }, address).toEqual({
        status: 400,
        code: 'linked_to_another_user',
      });
    }
    // The owner's shares are untouched, the other user has no wallet and no entropy.
    const auth = await frame('/frame/auth_share', { entropy_id: imported.address }, owner.token);
    expect(auth.body).toEqual({ auth_share: b64(imported.authShare), session_id: expect.any(String) });
    const theirs = await frame('/frame/auth_share', { entropy_id: imported.address }, other.token);
    expect(theirs).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
    const rows = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('id')
      .where('user_id', '=', other.user.id.replace('did:privy:', ''))
      .execute();
    expect(rows).toEqual([]);
  });

  it('of concurrent imports of one address, exactly one wins', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => login('racer')));
    const address = newEthereumAddress();
    const results = await Promise.all(
      [...users, users[0]!].map((u) => importWallet(importFixture({ address }).body, u.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400))
      expect(['linked_to_another_user', 'resource_already_exists']).toContain(r.body.code);
    const rows = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('user_id')
      .where('entropy_id', '=', address.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is for the frame and a logged-in user only', async () => {
    const user = await login();
    const body = importFixture().body;
    expect(await frame('/frame/import', body, undefined)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    // The token without an enrolled device's proof: from the app's page, or anywhere else.
    for (const origin of [testOrigin, t.origin]) {
      const res = await client.post(`${embeddedWalletsApi}/frame/import`, body, {
        token: user.token,
        headers: { origin },
      });
      expect({ status: res.status, code: res.body.code }, origin).toEqual({
        status: 401,
        code: 'invalid_dpop_proof',
      });
    }
    const stranger = await newTestDevice(t, client);
    expect(await stranger.post('/frame/import', body, user.token)).toMatchObject({
      status: 403,
      body: { code: 'device_revoked' },
    });
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(embeddedWallets(me.body.user)).toEqual([]);
  });

  it('refuses bad bodies with invalid_data, never a 500, and stores nothing', async () => {
    const user = await login();
    const valid = () => importFixture().body;
    const without = (field: string) => {
      const body = valid();
      delete body[field];
      return body;
    };
    const cases: [string, unknown, string?][] = [
      ...['chain_type', 'address', 'auth_share', 'recovery_method', 'encrypted_recovery_share'].map(
        (field) => [`without ${field}`, without(field)] as [string, unknown],
      ),
      [
        'privy without a key',
        without('recovery_key'),
        "Invalid recovery_key: required for the 'privy' method",
      ],
      ['privy with a salt', { ...valid(), recovery_key_derivation_salt: b64(randomShare(16)) }],
      ['an unknown chain', { ...valid(), chain_type: 'bitcoin-segwit' }],
      [
        'a Solana address as Ethereum',
        { ...valid(), address: newSolanaAddress() },
        'Invalid Ethereum address',
      ],
      [
        'an Ethereum address as Solana',
        { ...valid(), chain_type: 'solana', address: newEthereumAddress() },
        'Invalid Solana address',
      ],
      ['a private key for an address', { ...valid(), address: `0x${'ab'.repeat(32)}` }],
      ['a long address', { ...valid(), address: 'x'.repeat(101) }],
      ['auth_share not base64', { ...valid(), auth_share: 'not base64!' }],
      ['auth_share oversized', { ...valid(), auth_share: b64(randomShare(257)) }],
      ['auth_share a number', { ...valid(), auth_share: 33 }],
      ['a short encrypted share', { ...valid(), encrypted_recovery_share: b64(randomShare(28)) }],
      ['a 31-byte recovery key', { ...valid(), recovery_key: b64(randomShare(31)) }],
      ['an unknown recovery method', { ...valid(), recovery_method: 'privy-v2' }],
      ['an array', [valid()]],
      ['null', null],
    ];
    for (const [label, body, message] of cases) {
      const res = await frame('/frame/import', body, user.token);
      expect({ status: res.status, code: res.body.code }, label).toEqual({
        status: 400,
        code: 'invalid_data',
      });
      if (message) expect(res.body.error, label).toBe(message);
    }
    const rows = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('id')
      .where('user_id', '=', user.user.id.replace('did:privy:', ''))
      .execute();
    expect(rows).toEqual([]);
    expect(t.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });

  it('account transfer names the HD wallet before an imported one', async () => {
    // The taker has no email (one per user), so the giver's can move to them.
    const phoneNumber = '+14155550172';
    await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
    const taker = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: client.lastCode(phoneNumber),
    });
    expect(taker.status).toBe(200);
    const giverEmail = uniqueEmail('giver');
    const giver = (await client.loginWithEmail(giverEmail)).body;
    expect((await importWallet(importFixture().body, giver.token)).status).toBe(200);
    const hd = await createEmbeddedWallet(t, client, giver.token, { chains: ['solana'] });
    await client.post('/api/v1/passwordless/init', { email: giverEmail });
    const asked = await client.post<{ data: { otherUser: unknown } }>(
      '/api/v1/passwordless/link',
      { email: giverEmail, code: client.lastCode(giverEmail) },
      { token: taker.body.token },
    );
    expect(asked.body.data.otherUser).toEqual({
      embeddedWalletAddress: hd.solanaAddress,
      oAuthUserInfo: null,
    });
  });
});

describe.each(dialects)('migration 0005_imported_wallets (%s)', (dialect) => {
  let db: Kysely<unknown>;
  let dropSchema: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (dialect === 'sqlite') {
      db = new Kysely({ dialect: new SqliteDialect({ database: openNodeSqlite(':memory:') }) });
    } else {
      const schema = `lk_migration_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const pool = new pg.Pool({
        connectionString: process.env.DATABASE_URL,
        max: 2,
        options: `-c search_path=${schema}`,
        // bigint as a number, as the server's own pool reads it.
        types: {
          getTypeParser: (oid: number, format?: string) =>
            oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
        },
      });
      db = new Kysely({ dialect: new PostgresDialect({ pool }) });
      dropSchema = async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      };
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await dropSchema?.();
  });

  it('keeps every entropy, as HD, and lets a user hold imported keys beside their one HD entropy', async () => {
    const postgres = dialect === 'postgres';
    await migrate(db, { postgres, to: '0004_embedded_wallets' });
    const rows = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await rows
      .insertInto('apps')
      .values({ id: 'app', secret_hash: 'x', config: '{}', created_at: 1, updated_at: 1 })
      .execute();
    await rows.insertInto('users').values({ id: 'u1', app_id: 'app', created_at: 1 }).execute();
    const entropy = (id: string, entropyId: string) => ({
      id,
      app_id: 'app',
      user_id: 'u1',
      entropy_id: entropyId,
      entropy_id_verifier: 'ethereum-address-verifier',
      auth_share_sealed: 'sealed',
      recovery_method: 'privy',
      encrypted_recovery_share: 'box',
      recovery_key_sealed: 'key',
      recovery_key_derivation_salt: null,
      created_at: 1,
      updated_at: 2,
    });
    await rows.insertInto('wallet_entropies').values(entropy('e1', '0xaa')).execute();

    await migrate(db, { postgres, to: '0005_imported_wallets' });
    expect(await rows.selectFrom('wallet_entropies').selectAll().execute()).toEqual([
      { ...entropy('e1', '0xaa'), imported: 0 },
    ]);
    // A second HD entropy is still refused; imported ones are not.
    await expect(
      rows.insertInto('wallet_entropies').values(entropy('e2', '0xbb')).execute(),
    ).rejects.toThrow();
    await rows
      .insertInto('wallet_entropies')
      .values([
        { ...entropy('e3', '0xcc'), imported: 1 },
        { ...entropy('e4', '0xdd'), imported: 1 },
      ])
      .execute();
    // One address is one entropy, whatever its kind.
    await expect(
      rows
        .insertInto('wallet_entropies')
        .values({ ...entropy('e5', '0xcc'), imported: 1 })
        .execute(),
    ).rejects.toThrow();
    // Deleting the user still deletes their entropies.
    await rows.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await rows.selectFrom('wallet_entropies').select('id').execute()).toEqual([]);
  });
});
