import { buildSiweMessage, siweStatement } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  embeddedWalletFixture,
  embeddedWalletsApi,
  type FrameApiServer,
  framePost,
  newEthereumAccount,
  newEthereumAddress,
  newSolanaAddress,
  newTestDevice,
  randomShare,
  recoveryFields,
  startFrameApiServer,
  uniqueEmail,
} from '@latchkey/test/server/frame-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type WireUser = AuthBody['user'];

/** The wire fields of an embedded wallet account (WIRE.md §4.2). */
function embeddedAccount(fields: {
  address: string;
  chain: 'ethereum' | 'solana';
  index?: number;
  method?: string;
}): Record<string, unknown> {
  const account: Record<string, unknown> = {
    type: 'wallet',
    id: null,
    address: fields.address,
    chain_id: fields.chain === 'ethereum' ? 'eip155:1' : null,
    chain_type: fields.chain,
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: fields.index ?? 0,
    delegated: false,
    imported: false,
    recovery_method: fields.method ?? 'privy',
    verified_at: expect.any(Number),
    first_verified_at: expect.any(Number),
    latest_verified_at: expect.any(Number),
  };
  if (fields.chain === 'solana') account.public_key = fields.address;
  return account;
}

/**
 * The user's wallets by chain, then index. Accounts made in one second have no set order among
 * themselves; clients sort embedded wallets by index.
 */
const wallets = (user: WireUser) =>
  user.linked_accounts
    .filter((a) => a.type === 'wallet')
    .sort(
      (a, b) =>
        String(a.chain_type).localeCompare(String(b.chain_type)) ||
        Number(a.wallet_index) - Number(b.wallet_index),
    );

describe.each(dialects)('embedded wallets: the frame API (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let frame: FrameApiServer['frame'];
  let login: FrameApiServer['login'];
  const outbox = async (type: string) =>
    (
      await t.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('app_id', '=', appId)
        .where('type', '=', type)
        // Insertion order: events of one second tie on created_at.
        .orderBy('seq')
        .execute()
    ).map((r) => JSON.parse(r.payload) as Record<string, unknown>);

  beforeAll(async () => {
    ({ t, client, appId, frame, login } = await startFrameApiServer(dialect, {
      wallet_auth: true,
      solana_wallet_auth: true,
      sms_auth: true,
    }));
  });
  afterAll(() => t.close());

  it('create (privy) links the wallets as embedded accounts and records user.wallet_created', async () => {
    const user = await login();
    const fixture = embeddedWalletFixture({ chains: ['ethereum', 'solana'] });
    const res = await frame<WireUser>('/frame/create', fixture.body, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(user.user.id);
    const expected = [
      embeddedAccount({ address: fixture.ethereumAddress!, chain: 'ethereum' }),
      embeddedAccount({ address: fixture.solanaAddress!, chain: 'solana' }),
    ];
    expect(wallets(res.body)).toEqual(expected);
    expect(wallets(res.body)[0]).not.toHaveProperty('public_key');
    // The user's own API (any allowed origin) lists them too.
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(wallets(me.body.user)).toEqual(expected);
    const refreshed = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: user.refresh_token });
    expect(wallets(refreshed.body.user)).toEqual(expected);

    // One event per wallet; rows of one second carry no order of their own (`created_at` ties).
    const events = (await outbox('user.wallet_created')).filter(
      (e) => (e.user as WireUser).id === user.user.id,
    );
    const wallet = (e: Record<string, unknown>) => e.wallet as { address: string; chain_type: string };
    expect(events.map(wallet).sort((a, b) => a.chain_type.localeCompare(b.chain_type))).toEqual([
      { address: fixture.ethereumAddress, chain_type: 'ethereum' },
      { address: fixture.solanaAddress, chain_type: 'solana' },
    ]);
    const solanaEvent = events.find((e) => wallet(e).chain_type === 'solana');
    expect(wallets(solanaEvent!.user as WireUser)).toEqual(expected);
  });

  it('auth_share returns exactly the bytes stored, by the entropy id in any case', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token);
    for (const entropyId of [fixture.entropyId, fixture.entropyId.toLowerCase()]) {
      const res = await frame<{ auth_share: string }>(
        '/frame/auth_share',
        { entropy_id: entropyId },
        user.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });
      expect(new Uint8Array(Buffer.from(res.body.auth_share, 'base64'))).toEqual(fixture.authShare);
    }
  });

  it('privy: recovery_share and key_material return the encrypted share and the recovery key', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { chains: ['ethereum', 'solana'] });
    const share = await frame('/frame/recovery_share', { entropy_id: fixture.entropyId }, user.token);
    expect(share).toMatchObject({ status: 200 });
    expect(share.body).toEqual({
      recovery_method: 'privy',
      encrypted_recovery_share: b64(fixture.encryptedRecoveryShare),
      recovery_key_derivation_salt: null,
    });
    const material = {
      recovery_type: 'privy_generated_recovery_key',
      recovery_key: b64(fixture.recoveryKey!),
      recovery_key_derivation_salt: null,
      recovery_code: null,
      file_id: null,
      icloud_record_name: null,
    };
    for (const [address, body] of [
      [fixture.ethereumAddress!, {}],
      [fixture.ethereumAddress!.toLowerCase(), { chain_type: 'ethereum' }],
      [fixture.solanaAddress!, { chain_type: 'solana' }],
      [fixture.solanaAddress!, {}],
    ] as const) {
      const res = await frame(`/${address}/recovery/key_material`, body, user.token);
      expect({ status: res.status, body: res.body }, address).toEqual({ status: 200, body: material });
    }
  });

  it('user-passcode: the server keeps the salt, never a key; key_material says so', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { method: 'user-passcode' });
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(wallets(me.body.user)).toEqual([
      embeddedAccount({ address: fixture.ethereumAddress!, chain: 'ethereum', method: 'user-passcode' }),
    ]);
    // The password-encrypted share goes only to a frame that proves the password.
    for (const password_verifier of [undefined, null, b64(randomShare(32))]) {
      const refused = await frame(
        '/frame/recovery_share',
        { entropy_id: fixture.entropyId, password_verifier },
        user.token,
      );
      expect(refused, String(password_verifier)).toMatchObject({
        status: 403,
        body: { code: 'invalid_recovery_password' },
      });
    }
    const share = await frame(
      '/frame/recovery_share',
      { entropy_id: fixture.entropyId, password_verifier: b64(fixture.passwordVerifier!) },
      user.token,
    );
    expect(share.body).toEqual({
      recovery_method: 'user-passcode',
      encrypted_recovery_share: b64(fixture.encryptedRecoveryShare),
      recovery_key_derivation_salt: b64(fixture.salt!),
    });
    const material = await frame(`/${fixture.ethereumAddress}/recovery/key_material`, {}, user.token);
    expect(material).toMatchObject({ status: 200 });
    expect(material.body).toEqual({
      recovery_type: 'user_passcode_derived_recovery_key',
      recovery_key: null,
      recovery_key_derivation_salt: b64(fixture.salt!),
      recovery_code: null,
      file_id: null,
      icloud_record_name: null,
    });
    const row = await t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('entropy_id', '=', fixture.entropyId.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.recovery_key_sealed).toBeNull();
  });

  it('a Solana-first user: the entropy id is the Solana address; Ethereum joins at index 0', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { chains: ['solana'] });
    expect(fixture.body.entropy_id_verifier).toBe('solana-address-verifier');
    const auth = await frame('/frame/auth_share', { entropy_id: fixture.solanaAddress }, user.token);
    expect(auth.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });

    const ethereum = newEthereumAddress();
    const add = (index: number, address = ethereum) =>
      frame<WireUser>(
        '/frame/add_wallet',
        { entropy_id: fixture.entropyId, chain_type: 'ethereum', address, wallet_index: index },
        user.token,
      );
    const tooHigh = await add(1);
    expect(tooHigh).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'The first ethereum wallet must have index 0' },
    });
    const added = await add(0);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(wallets(added.body)).toEqual([
      embeddedAccount({ address: ethereum, chain: 'ethereum' }),
      embeddedAccount({ address: fixture.solanaAddress!, chain: 'solana' }),
    ]);

    // Clients name the entropy by the primary wallet made first, from second-resolution
    // timestamps: the Ethereum primary names the same entropy; an index-1 wallet does not.
    const byEthereum = await frame('/frame/auth_share', { entropy_id: ethereum }, user.token);
    expect(byEthereum.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });
    const second = newEthereumAddress();
    expect((await add(1, second)).status).toBe(200);
    const bySecond = await frame('/frame/auth_share', { entropy_id: second }, user.token);
    expect(bySecond).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
  });

  it('add_wallet: one wallet per chain and index, index 0 first, addresses of their chain', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { method: 'user-passcode' });
    const add = (chain: string, index: number, address: string) =>
      frame<WireUser>(
        '/frame/add_wallet',
        { entropy_id: fixture.entropyId, chain_type: chain, address, wallet_index: index },
        user.token,
      );
    const second = newEthereumAddress();
    expect((await add('ethereum', 1, second)).status).toBe(200);
    const taken = await add('ethereum', 1, newEthereumAddress());
    expect(taken).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'The ethereum wallet at index 1 already exists' },
    });
    expect(await add('ethereum', 0, newEthereumAddress())).toMatchObject({ status: 400 });
    // The same address twice is one account: refused, never a 500.
    expect(await add('ethereum', 2, second)).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const solana = newSolanaAddress();
    expect(await add('solana', 1, solana)).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'The first solana wallet must have index 0' },
    });
    expect(await add('solana', 0, newEthereumAddress())).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid Solana address' },
    });
    expect(await add('ethereum', 3, solana)).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid Ethereum address' },
    });
    expect((await add('solana', 0, solana)).status).toBe(200);
    const fifth = newEthereumAddress();
    const last = await add('ethereum', 5, fifth);
    expect(last.status).toBe(200);
    expect(wallets(last.body)).toEqual([
      embeddedAccount({ address: fixture.ethereumAddress!, chain: 'ethereum', method: 'user-passcode' }),
      embeddedAccount({ address: second, chain: 'ethereum', index: 1, method: 'user-passcode' }),
      embeddedAccount({ address: fifth, chain: 'ethereum', index: 5, method: 'user-passcode' }),
      embeddedAccount({ address: solana, chain: 'solana', method: 'user-passcode' }),
    ]);
    // An added wallet's key material is the entropy's.
    const material = await frame(`/${fifth}/recovery/key_material`, {}, user.token);
    expect(material.body).toMatchObject({ recovery_key_derivation_salt: b64(fixture.salt!) });
    const created = (await outbox('user.wallet_created')).filter(
      (e) => (e.user as WireUser).id === user.user.id,
    );
    expect(created.map((e) => (e.wallet as { address: string }).address).sort()).toEqual(
      [fixture.ethereumAddress, second, solana, fifth].sort(),
    );
  });

  it('concurrent add_wallet calls of one index link exactly one wallet', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        frame(
          '/frame/add_wallet',
          {
            entropy_id: fixture.entropyId,
            chain_type: 'ethereum',
            address: newEthereumAddress(),
            wallet_index: 1,
          },
          user.token,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(wallets(me.body.user).map((w) => w.wallet_index)).toEqual([0, 1]);
  });

  it('set_recovery replaces the shares and the method, and records wallet.recovery_setup', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { chains: ['ethereum', 'solana'] });
    const newAuthShare = randomShare();
    const passcode = recoveryFields('user-passcode');
    const res = await frame<WireUser>(
      '/frame/set_recovery',
      { entropy_id: fixture.entropyId, auth_share: b64(newAuthShare), ...passcode.body },
      user.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(wallets(res.body)).toEqual([
      embeddedAccount({ address: fixture.ethereumAddress!, chain: 'ethereum', method: 'user-passcode' }),
      embeddedAccount({ address: fixture.solanaAddress!, chain: 'solana', method: 'user-passcode' }),
    ]);
    const auth = await frame('/frame/auth_share', { entropy_id: fixture.entropyId }, user.token);
    expect(auth.body).toEqual({ auth_share: b64(newAuthShare), session_id: expect.any(String) });
    const share = await frame(
      '/frame/recovery_share',
      { entropy_id: fixture.entropyId, password_verifier: b64(passcode.passwordVerifier!) },
      user.token,
    );
    expect(share.body).toEqual({
      recovery_method: 'user-passcode',
      encrypted_recovery_share: b64(passcode.encryptedRecoveryShare),
      recovery_key_derivation_salt: b64(passcode.salt!),
    });
    const material = await frame(`/${fixture.solanaAddress}/recovery/key_material`, {}, user.token);
    expect(material.body).toMatchObject({
      recovery_type: 'user_passcode_derived_recovery_key',
      recovery_key: null,
      recovery_key_derivation_salt: b64(passcode.salt!),
    });

    // And back to privy, with a fresh recovery key: a password wallet moves only with its password.
    const privy = recoveryFields('privy');
    const toPrivy = (current_password_verifier?: string) =>
      frame(
        '/frame/set_recovery',
        {
          entropy_id: fixture.entropyId,
          auth_share: b64(randomShare()),
          ...privy.body,
          ...(current_password_verifier ? { current_password_verifier } : {}),
        },
        user.token,
      );
    expect(await toPrivy()).toMatchObject({
      status: 403,
      body: { code: 'invalid_recovery_password', error: 'The current recovery password is required.' },
    });
    expect(await toPrivy(b64(randomShare(32)))).toMatchObject({
      status: 403,
      body: { code: 'invalid_recovery_password', error: 'Invalid recovery password.' },
    });
    const back = await toPrivy(b64(passcode.passwordVerifier!));
    expect(back.status).toBe(200);
    const again = await frame(`/${fixture.ethereumAddress}/recovery/key_material`, {}, user.token);
    expect(again.body).toMatchObject({
      recovery_type: 'privy_generated_recovery_key',
      recovery_key: b64(privy.recoveryKey!),
      recovery_key_derivation_salt: null,
    });

    const events = (await outbox('wallet.recovery_setup')).filter((e) => e.user_id === user.user.id);
    expect(events).toEqual([
      {
        type: 'wallet.recovery_setup',
        user_id: user.user.id,
        wallet_address: fixture.ethereumAddress,
        method: 'user-passcode',
      },
      {
        type: 'wallet.recovery_setup',
        user_id: user.user.id,
        wallet_address: fixture.ethereumAddress,
        method: 'privy',
      },
    ]);
  });

  it('a second create is invalid_data, and of concurrent creates exactly one wins', async () => {
    const user = await login();
    await createEmbeddedWallet(t, client, user.token);
    const second = await frame('/frame/create', embeddedWalletFixture().body, user.token);
    expect(second).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Embedded wallet already exists' },
    });

    const racer = await login();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => frame('/frame/create', embeddedWalletFixture().body, racer.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400))
      expect(r.body).toMatchObject({ code: 'invalid_data', error: 'Embedded wallet already exists' });
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: racer.token });
    expect(wallets(me.body.user)).toHaveLength(1);
  });

  it('an address another user owns is refused at create, never a 500', async () => {
    const owner = await login();
    const fixture = await createEmbeddedWallet(t, client, owner.token);
    const other = await login();
    const res = await frame(
      '/frame/create',
      embeddedWalletFixture({ ethereumAddress: fixture.ethereumAddress! }).body,
      other.token,
    );
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Wallet address is already linked to an account' },
    });
    // Nothing of the refused create was kept: a valid one still works.
    await createEmbeddedWallet(t, client, other.token);
  });

  describe('every route is for the frame and the wallet’s own user only', () => {
    let owner: AuthBody;
    let fixture: ReturnType<typeof embeddedWalletFixture>;
    const routes = () =>
      [
        ['/frame/create', embeddedWalletFixture().body],
        [
          '/frame/add_wallet',
          {
            entropy_id: fixture.entropyId,
            chain_type: 'ethereum',
            address: newEthereumAddress(),
            wallet_index: 1,
          },
        ],
        ['/frame/auth_share', { entropy_id: fixture.entropyId }],
        ['/frame/recovery_share', { entropy_id: fixture.entropyId }],
        [
          '/frame/set_recovery',
          { entropy_id: fixture.entropyId, auth_share: b64(randomShare()), ...recoveryFields('privy').body },
        ],
        [`/${fixture.ethereumAddress}/recovery/key_material`, {}],
      ] as const;

    beforeAll(async () => {
      owner = await login('owner');
      fixture = await createEmbeddedWallet(t, client, owner.token);
    });

    it('without a token: 401 missing_or_invalid_token', async () => {
      for (const [path, body] of routes()) {
        const res = await frame(path, body, undefined);
        expect({ status: res.status, code: res.body.code }, path).toEqual({
          status: 401,
          code: 'missing_or_invalid_token',
        });
        const bad = await frame(path, body, `${owner.token}x`);
        expect(bad.status, path).toBe(401);
      }
    });

    it('the user’s token without an enrolled device’s proof opens nothing, whatever the Origin', async () => {
      // A host page, or a script anywhere, holding the token: no proof, or a proof by its own key.
      const unenrolled = await newTestDevice(t, client);
      for (const origin of [testOrigin, t.origin]) {
        for (const [path, body] of routes()) {
          const bare = await client.post(`${embeddedWalletsApi}${path}`, body, {
            token: owner.token,
            headers: { origin },
          });
          expect({ status: bare.status, code: bare.body.code }, `${origin} ${path}`).toEqual({
            status: 401,
            code: 'invalid_dpop_proof',
          });
          const own = await unenrolled.post(path, body, owner.token, { headers: { origin } });
          expect({ status: own.status, code: own.body.code }, `${origin} ${path}`).toEqual({
            status: 403,
            code: 'device_revoked',
          });
          expect(own.body).not.toHaveProperty('auth_share');
        }
      }
      // The refused calls changed nothing: the auth share is the one created.
      const auth = await frame('/frame/auth_share', { entropy_id: fixture.entropyId }, owner.token);
      expect(auth.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });
    });

    it('another user’s token: 404 linked_account_not_found (create makes their own wallet)', async () => {
      const stranger = await login('stranger');
      for (const [path, body] of routes()) {
        const res = await frame(path, body, stranger.token);
        if (path === '/frame/create') {
          expect(res.status, path).toBe(200);
          continue;
        }
        expect({ status: res.status, code: res.body.code }, path).toEqual({
          status: 404,
          code: 'linked_account_not_found',
        });
      }
    });

    it('another app’s token: 401 here, and 404 under that app', async () => {
      const other = await t.createApp();
      const theirs = (await other.client.loginWithEmail(uniqueEmail('other-app'))).body;
      for (const [path, body] of routes()) {
        const res = await frame(path, body, theirs.token);
        expect({ status: res.status, code: res.body.code }, path).toEqual({
          status: 401,
          code: 'missing_or_invalid_token',
        });
        if (path === '/frame/create') continue;
        const underTheirs = await framePost(
          t,
          other.client,
          `${embeddedWalletsApi}${path}`,
          body,
          theirs.token,
        );
        expect({ status: underTheirs.status, code: underTheirs.body.code }, path).toEqual({
          status: 404,
          code: 'linked_account_not_found',
        });
      }
    });

    it('after logout the token opens nothing', async () => {
      const user = await login();
      const own = await createEmbeddedWallet(t, client, user.token);
      await client.post(
        '/api/v1/sessions/logout',
        { refresh_token: user.refresh_token },
        { token: user.token },
      );
      const res = await frame('/frame/auth_share', { entropy_id: own.entropyId }, user.token);
      expect(res.status).toBe(401);
    });
  });

  it('refuses bad bodies with invalid_data, never a 500, and stores nothing', async () => {
    const user = await login();
    const valid = () => embeddedWalletFixture({ chains: ['ethereum', 'solana'] }).body;
    const withWallets = (patch: (w: Record<string, unknown>[]) => Record<string, unknown>[]) => {
      const body = valid();
      body.wallets = patch(body.wallets as Record<string, unknown>[]);
      return body;
    };
    const without = (field: string) => {
      const body = valid();
      delete body[field];
      return body;
    };
    const cases: [string, Record<string, unknown>, string?][] = [
      ...[
        'entropy_id',
        'entropy_id_verifier',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'wallets',
      ].map((field) => [`without ${field}`, without(field)] as [string, Record<string, unknown>]),
      [
        'privy without recovery_key',
        without('recovery_key'),
        "Invalid recovery_key: required for the 'privy' method",
      ],
      ['privy with a salt', { ...valid(), recovery_key_derivation_salt: b64(randomShare(16)) }],
      [
        'user-passcode without a salt',
        { ...valid(), recovery_method: 'user-passcode', recovery_key: null },
        "Invalid recovery_key_derivation_salt: required for the 'user-passcode' method",
      ],
      [
        'user-passcode with a recovery key',
        { ...valid(), recovery_method: 'user-passcode', recovery_key_derivation_salt: b64(randomShare(16)) },
      ],
      ['an unknown recovery method', { ...valid(), recovery_method: 'google-drive' }],
      ['an unknown verifier', { ...valid(), entropy_id_verifier: 'email-verifier' }],
      ['auth_share not base64', { ...valid(), auth_share: 'not base64!' }],
      ['auth_share base64url', { ...valid(), auth_share: '-_-_' }],
      ['auth_share unpadded', { ...valid(), auth_share: 'YWJjZA' }],
      ['auth_share empty', { ...valid(), auth_share: '' }],
      ['auth_share oversized', { ...valid(), auth_share: b64(randomShare(257)) }],
      ['auth_share huge', { ...valid(), auth_share: 'A'.repeat(90_000) }],
      ['a 31-byte recovery key', { ...valid(), recovery_key: b64(randomShare(31)) }],
      ['a 33-byte recovery key', { ...valid(), recovery_key: b64(randomShare(33)) }],
      ['a short encrypted share', { ...valid(), encrypted_recovery_share: b64(randomShare(28)) }],
      ['a number for a share', { ...valid(), auth_share: 17 }],
      ['no wallets', { ...valid(), wallets: [] }],
      ['wallets not an array', { ...valid(), wallets: { chain_type: 'ethereum' } }],
      [
        'a Solana address as Ethereum',
        withWallets((w) => [{ ...w[0], address: newSolanaAddress() }, w[1]!]),
        'Invalid Ethereum address',
      ],
      [
        'an Ethereum address as Solana',
        withWallets((w) => [w[0]!, { ...w[1], address: newEthereumAddress(), public_key: undefined }]),
        'Invalid Solana address',
      ],
      [
        'a bad EIP-55 checksum',
        withWallets((w) => [
          { ...w[0], address: (w[0]!.address as string).replace(/[a-f]/, (c) => c.toUpperCase()) },
          w[1]!,
        ]),
      ],
      ['an unknown chain', withWallets((w) => [w[0]!, { ...w[1], chain_type: 'bitcoin-segwit' }])],
      ['a negative index', withWallets((w) => [w[0]!, { ...w[1], wallet_index: -1 }])],
      ['a fractional index', withWallets((w) => [w[0]!, { ...w[1], wallet_index: 0.5 }])],
      ['an index past 2^31', withWallets((w) => [w[0]!, { ...w[1], wallet_index: 2 ** 31 }])],
      ['an index as a string', withWallets((w) => [w[0]!, { ...w[1], wallet_index: '0' }])],
      [
        'index 1 without index 0',
        withWallets((w) => [w[0]!, { ...w[1], wallet_index: 1 }]),
        'The first solana wallet must have index 0',
      ],
      [
        'one index twice',
        withWallets((w) => [w[0]!, { ...w[0], address: newEthereumAddress() }]),
        'The ethereum wallet at index 0 already exists',
      ],
      [
        'a Solana public key that is not its address',
        withWallets((w) => [w[0]!, { ...w[1], public_key: newSolanaAddress() }]),
      ],
      [
        'an entropy id that is not the first wallet',
        { ...valid(), entropy_id: newEthereumAddress() },
        'Invalid entropy_id: must be the address of the ethereum wallet at index 0',
      ],
      ['an entropy id of the wrong verifier', { ...valid(), entropy_id_verifier: 'solana-address-verifier' }],
      ['a long entropy id', { ...valid(), entropy_id: 'x'.repeat(101) }],
    ];
    for (const [label, body, message] of cases) {
      const res = await frame('/frame/create', body, user.token);
      expect({ status: res.status, code: res.body.code }, label).toEqual({
        status: 400,
        code: 'invalid_data',
      });
      if (message) expect(res.body.error, label).toBe(message);
    }
    const device = await newTestDevice(t, client);
    await device.enroll(user.token);
    for (const raw of ['{', '[]', 'null', '"x"']) {
      const res = await client.request(`${embeddedWalletsApi}/frame/create`, {
        method: 'POST',
        raw,
        token: user.token,
        headers: { origin: t.origin, dpop: await device.proof('/frame/create', user.token) },
      });
      expect({ status: res.status, code: res.body.code }, raw).toEqual({ status: 400, code: 'invalid_data' });
    }
    const stored = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('id')
      .where('user_id', '=', user.user.id.replace('did:privy:', ''))
      .execute();
    expect(stored).toEqual([]);

    // Then the other routes, against a real entropy.
    const fixture = await createEmbeddedWallet(t, client, user.token);
    const entropy_id = fixture.entropyId;
    const others: [string, Record<string, unknown>][] = [
      ['/frame/add_wallet', { entropy_id, chain_type: 'ethereum', address: newEthereumAddress() }],
      ['/frame/add_wallet', { entropy_id, chain_type: 'ethereum', address: 'nope', wallet_index: 1 }],
      [
        '/frame/add_wallet',
        { entropy_id, chain_type: 'solana', address: newEthereumAddress(), wallet_index: 0 },
      ],
      ['/frame/add_wallet', { entropy_id, address: newEthereumAddress(), wallet_index: 1 }],
      ['/frame/auth_share', {}],
      ['/frame/auth_share', { entropy_id: 42 }],
      ['/frame/recovery_share', { entropy_id: ['x'] }],
      [
        '/frame/set_recovery',
        {
          entropy_id,
          auth_share: b64(randomShare()),
          ...recoveryFields('privy').body,
          recovery_key: undefined,
        },
      ],
      ['/frame/set_recovery', { entropy_id, auth_share: 'bad', ...recoveryFields('privy').body }],
      ['/frame/set_recovery', { entropy_id, ...recoveryFields('user-passcode').body }],
      [`/${fixture.ethereumAddress}/recovery/key_material`, { chain_type: 'solana' }],
      [`/${fixture.ethereumAddress}/recovery/key_material`, { chain_type: 'bitcoin' }],
      ['/not-an-address/recovery/key_material', {}],
    ];
    for (const [path, body] of others) {
      const res = await frame(path, body, user.token);
      expect({ status: res.status, code: res.body.code }, `${path} ${JSON.stringify(body)}`).toEqual({
        status: 400,
        code: 'invalid_data',
      });
    }
    // Unknown entropy ids and wallets are not found.
    for (const [path, body] of [
      ['/frame/auth_share', { entropy_id: newEthereumAddress() }],
      ['/frame/auth_share', { entropy_id: "' OR 1=1 --" }],
      ['/frame/recovery_share', { entropy_id: newSolanaAddress() }],
      [`/${newEthereumAddress()}/recovery/key_material`, {}],
    ] as const) {
      const res = await frame(path, body, user.token);
      expect({ status: res.status, code: res.body.code }, path).toEqual({
        status: 404,
        code: 'linked_account_not_found',
      });
    }
    // The failed set_recovery calls left the shares alone.
    const auth = await frame('/frame/auth_share', { entropy_id }, user.token);
    expect(auth.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });
    expect(t.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });

  it('an embedded wallet cannot be unlinked', async () => {
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token, { chains: ['ethereum', 'solana'] });
    const siwe = await client.post(
      '/api/v1/siwe/unlink',
      { address: fixture.ethereumAddress },
      { token: user.token },
    );
    expect(siwe).toMatchObject({ status: 400, body: { code: 'cannot_unlink_embedded_wallet' } });
    const siws = await client.post(
      '/api/v1/siws/unlink',
      { address: fixture.solanaAddress },
      { token: user.token },
    );
    expect(siws).toMatchObject({ status: 400, body: { code: 'cannot_unlink_embedded_wallet' } });
    const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: user.token });
    expect(wallets(me.body.user)).toHaveLength(2);
  });

  it('an embedded wallet is one account: another user cannot link or take it as an external wallet', async () => {
    const owner = await login();
    const key = newEthereumAccount();
    const fixture = await createEmbeddedWallet(t, client, owner.token, { ethereumAddress: key.address });
    const siwe = async () => {
      const init = await client.post<{ nonce: string }>('/api/v1/siwe/init', { address: key.address });
      const message = buildSiweMessage({
        domain: 'app.test',
        address: key.address,
        statement: siweStatement,
        uri: 'http://app.test',
        chainId: 1,
        nonce: init.body.nonce,
        issuedAt: new Date(t.ctx.now() * 1000).toISOString(),
      });
      return {
        message,
        signature: await key.signMessage({ message }),
        walletClientType: 'metamask',
        connectorType: 'injected',
      };
    };
    const other = await login();
    const link = await client.post('/api/v1/siwe/link', await siwe(), { token: other.token });
    // Not account_transfer_required: an embedded wallet stays with the user whose shares it is.
    expect(link).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });

    // Signing in with its key is the owner; the account keeps its embedded fields.
    const signIn = await client.post<AuthBody>('/api/v1/siwe/authenticate', await siwe());
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(owner.user.id);
    expect(wallets(signIn.body.user)).toEqual([
      embeddedAccount({ address: fixture.ethereumAddress!, chain: 'ethereum' }),
    ]);
  });

  it('account_transfer_required names the other user’s embedded wallet; the transfer deletes their shares', async () => {
    // The taker has no email (one per user), so the giver's can move to them.
    const phoneNumber = '+14155550171';
    await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
    const taker = (
      await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
        phoneNumber,
        code: client.lastCode(phoneNumber),
      })
    ).body;
    const giverEmail = uniqueEmail('giver');
    const codeFor = async (address: string) => {
      await client.post('/api/v1/passwordless/init', { email: address });
      return client.lastCode(address);
    };
    const giver = (await client.loginWithEmail(giverEmail)).body;
    const fixture = await createEmbeddedWallet(t, client, giver.token, { chains: ['solana', 'ethereum'] });
    const asked = await client.post<{ data: { nonce: string; otherUser: unknown } }>(
      '/api/v1/passwordless/link',
      { email: giverEmail, code: await codeFor(giverEmail) },
      { token: taker.token },
    );
    expect(asked.status).toBe(400);
    expect(asked.body.data.otherUser).toEqual({
      embeddedWalletAddress: fixture.ethereumAddress,
      oAuthUserInfo: null,
    });

    // A Solana-only user is named by their Solana wallet.
    const solanaEmail = uniqueEmail('solana-giver');
    const solanaGiver = (await client.loginWithEmail(solanaEmail)).body;
    const solanaFixture = await createEmbeddedWallet(t, client, solanaGiver.token, { chains: ['solana'] });
    const solanaAsked = await client.post<{ data: { otherUser: unknown } }>(
      '/api/v1/passwordless/link',
      { email: solanaEmail, code: await codeFor(solanaEmail) },
      { token: taker.token },
    );
    expect(solanaAsked.body.data.otherUser).toEqual({
      embeddedWalletAddress: solanaFixture.solanaAddress,
      oAuthUserInfo: null,
    });

    const moved = await client.post(
      '/api/v1/passwordless/transfer',
      { email: giverEmail, nonce: asked.body.data.nonce },
      { token: taker.token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const giverId = giver.user.id.replace('did:privy:', '');
    const left = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('id')
      .where('user_id', '=', giverId)
      .execute();
    expect(left).toEqual([]);
    const accounts = await t.ctx.db
      .selectFrom('linked_accounts')
      .select('id')
      .where('user_id', '=', giverId)
      .execute();
    expect(accounts).toEqual([]);
    // The taker did not inherit the deleted user's wallet.
    const auth = await frame('/frame/auth_share', { entropy_id: fixture.entropyId }, taker.token);
    expect(auth.status).toBe(404);
  });
});

describe.each(dialects)('embedded wallets behind a proxy: publicUrl (%s)', (dialect) => {
  let t: TestServer;
  const publicUrl = 'https://wallet.example';

  beforeAll(async () => {
    t = await startTestServer(dialect, { settings: { publicUrl } });
  });
  afterAll(() => t.close());

  it('device proofs name the configured public URL, not the Host the request reached', async () => {
    const { client } = await t.createApp();
    const user = (await client.loginWithEmail('behind-proxy@example.com')).body;
    const device = await newTestDevice(t, client);
    expect((await device.enroll(user.token)).status).toBe(200);
    const path = '/frame/nonce';
    const direct = await device.post(path, {}, user.token, {
      proof: await device.proof(path, user.token, { htu: `${t.origin}${embeddedWalletsApi}${path}` }),
    });
    expect(direct).toMatchObject({
      status: 401,
      body: { code: 'invalid_dpop_proof', error: 'Invalid device proof: htu is not the request URL.' },
    });
    const fixture = embeddedWalletFixture();
    const created = await framePost(
      t,
      client,
      `${embeddedWalletsApi}/frame/create`,
      fixture.body,
      user.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The same origin passes the API's own origin check on every route.
    const me = await client.request('/api/v1/users/me', {
      token: user.token,
      headers: { origin: publicUrl },
    });
    expect(me.status).toBe(200);
  });
});
