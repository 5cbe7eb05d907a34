/**
 * The client against a real Latchkey server's users API (WIRE.md §7.2): every lookup, pages, search,
 * import (single and batch), custom metadata, delete, the app's settings, allowlist and test
 * credentials, and the typed errors the server's answers become.
 */
import {
  ApiError,
  AuthenticationError,
  InvalidRequestError,
  LatchkeyClient,
  type LinkedAccount,
  NotFoundError,
  type User,
  verifyIdentityToken,
} from '@latchkey/node';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** One account of each kind a lookup finds, for an imported user. */
const grace = [
  { type: 'email', address: 'grace@example.com' },
  { type: 'phone', number: '+14155550123' },
  { type: 'wallet', address: wallet, chain_type: 'ethereum' },
  { type: 'custom_auth', custom_user_id: 'ext-grace' },
  { type: 'twitter_oauth', subject: 'tw-1', username: 'gracetw', name: 'Grace' },
  { type: 'discord_oauth', subject: 'dc-1', username: 'gracedc' },
  { type: 'github_oauth', subject: 'gh-1', username: 'gracegh' },
  { type: 'telegram', telegram_user_id: '4242', username: 'gracetg' },
  { type: 'farcaster', fid: 777, owner_address: '0x0000000000000000000000000000000000000777' },
] as const;

describe.each(dialects)('@latchkey/node users API (%s)', (dialect) => {
  let t: TestServer;
  let latchkey: LatchkeyClient;
  let appId: string;
  let login: AuthBody;
  let imported: User;

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    const { app, secret, client } = await t.createApp();
    appId = app.id;
    latchkey = new LatchkeyClient({ appId, appSecret: secret, apiUrl: t.url, retryBaseDelayMs: 1 });
    login = (await client.loginWithEmail('ada@example.com')).body;
  });
  afterAll(() => t.close());

  it('gets a user by id, the same user the identity token describes', async () => {
    const user = await latchkey.getUser(login.user.id);
    expect(user).toMatchObject({ id: login.user.id, is_guest: false, mfa_methods: [] });
    const fromToken = (await latchkey.verifyIdentityToken(login.identity_token)).user;
    expect(fromToken.id).toBe(user.id);
    expect(fromToken.created_at).toBe(user.created_at);
    const address = (accounts: LinkedAccount[]) => accounts.map((a) => (a as { address?: string }).address);
    expect(address(fromToken.linked_accounts)).toEqual(address(user.linked_accounts));
    // The module-level function with the same settings agrees.
    await expect(verifyIdentityToken(login.identity_token, { appId, apiUrl: t.url })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('finds a user by email, and answers null for no such user', async () => {
    expect((await latchkey.getUserByEmail('ada@example.com'))?.id).toBe(login.user.id);
    expect((await latchkey.getUserByEmail('ADA@example.com'))?.id).toBe(login.user.id);
    expect(await latchkey.getUserByEmail('nobody@example.com')).toBeNull();
  });

  it('imports a user and finds them by every kind of identifier', async () => {
    imported = await latchkey.importUser({
      linked_accounts: [...grace],
      custom_metadata: { plan: 'pro', seats: 3, trial: false },
    });
    expect(imported.id).toMatch(/^did:privy:/);
    expect(imported.custom_metadata).toEqual({ plan: 'pro', seats: 3, trial: false });
    const found = await Promise.all([
      latchkey.getUserByEmail('grace@example.com'),
      latchkey.getUserByPhoneNumber('+14155550123'),
      latchkey.getUserByWalletAddress(wallet),
      latchkey.getUserByWalletAddress(wallet.toLowerCase()),
      latchkey.getUserByCustomAuthId('ext-grace'),
      latchkey.getUserByTwitterUsername('gracetw'),
      latchkey.getUserByTwitterSubject('tw-1'),
      latchkey.getUserByDiscordUsername('gracedc'),
      latchkey.getUserByGithubUsername('gracegh'),
      latchkey.getUserByTelegramUserId('4242'),
      latchkey.getUserByTelegramUsername('gracetg'),
      latchkey.getUserByFarcasterId(777),
    ]);
    expect(found.map((u) => u?.id)).toEqual(found.map(() => imported.id));
    const missing = await Promise.all([
      latchkey.getUserByPhoneNumber('+14155550999'),
      latchkey.getUserByWalletAddress('0x0000000000000000000000000000000000000001'),
      latchkey.getUserBySmartWalletAddress('0x0000000000000000000000000000000000000002'),
      latchkey.getUserByCustomAuthId('ext-nobody'),
      latchkey.getUserByTwitterUsername('nobody'),
      latchkey.getUserByTwitterSubject('tw-0'),
      latchkey.getUserByDiscordUsername('nobody'),
      latchkey.getUserByGithubUsername('nobody'),
      latchkey.getUserByTelegramUserId('1'),
      latchkey.getUserByTelegramUsername('nobody'),
      latchkey.getUserByFarcasterId(1),
    ]);
    expect(missing).toEqual(missing.map(() => null));
  });

  it('refuses an import of an account another user has, as a typed error', async () => {
    const error = await rejection(
      latchkey.importUser({ linked_accounts: [{ type: 'email', address: 'ada@example.com' }] }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('linked_to_another_user');
    expect(error.message).toMatch(/email/);
  });

  it('imports a batch: each user on its own, with results by index', async () => {
    const { results } = await latchkey.importUsers([
      { linked_accounts: [{ type: 'email', address: 'batch-1@example.com' }] },
      { linked_accounts: [{ type: 'email', address: 'grace@example.com' }] },
      { linked_accounts: [{ type: 'email', address: 'batch-2@example.com' }] },
    ]);
    expect(results).toEqual([
      { index: 0, action: 'create', success: true, id: expect.stringMatching(/^did:privy:/) },
      expect.objectContaining({ index: 1, success: false, code: 'linked_to_another_user' }),
      { index: 2, action: 'create', success: true, id: expect.stringMatching(/^did:privy:/) },
    ]);
    expect((await latchkey.getUserByEmail('batch-2@example.com'))?.id).toBe(
      (results[2] as { id: string }).id,
    );
  });

  it('sets custom metadata, and refuses what is not a flat map', async () => {
    const updated = await latchkey.setCustomMetadata(login.user.id, { tier: 'gold', visits: 12, vip: true });
    expect(updated.custom_metadata).toEqual({ tier: 'gold', visits: 12, vip: true });
    expect((await latchkey.getUser(login.user.id)).custom_metadata).toEqual(updated.custom_metadata);
    const nested = { nested: { no: 1 } } as unknown as Record<string, string>;
    const error = await rejection(latchkey.setCustomMetadata(login.user.id, nested));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.code).toBe('invalid_data');
  });

  it('lists every user through the cursor pages, and one page at a time', async () => {
    const all: string[] = [];
    for await (const user of latchkey.getUsers({ limit: 2 })) all.push(user.id);
    expect(all.length).toBe(new Set(all).size);
    expect(all).toEqual(expect.arrayContaining([login.user.id, imported.id]));
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = await latchkey.getUsersPage({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await latchkey.getUsersPage({ limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((u) => u.id)).not.toContain(first.data[0]!.id);
    // Default page size (100) holds them all.
    const everything = await latchkey.getUsersPage();
    expect(everything.data.map((u) => u.id).sort()).toEqual([...all].sort());
    expect(everything.next_cursor).toBeNull();
    for (const limit of [0, 101]) {
      const error = await rejection(latchkey.getUsersPage({ limit }));
      expect(error, String(limit)).toBeInstanceOf(InvalidRequestError);
    }
    expect(await rejection(latchkey.getUsersPage({ cursor: 'not-a-cursor' }))).toBeInstanceOf(
      InvalidRequestError,
    );
  });

  it('searches by term and by exact identifiers', async () => {
    const byTerm: string[] = [];
    for await (const user of latchkey.searchUsers('grace')) byTerm.push(user.id);
    expect(byTerm).toEqual([imported.id]);
    const byEmail = await latchkey.searchUsersPage({ emails: ['grace@example.com', 'ada@example.com'] });
    expect(byEmail.data.map((u) => u.id).sort()).toEqual([imported.id, login.user.id].sort());
    const byWallet = await latchkey.searchUsersPage({ walletAddresses: [wallet] });
    expect(byWallet.data.map((u) => u.id)).toEqual([imported.id]);
  });

  it('reads the app, its allowlist and its test credentials', async () => {
    const app = await latchkey.getApp();
    expect(app.id).toBe(appId);
    expect(app.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(app.created_at).toEqual(expect.any(Number));
    // The key from the app settings verifies the app's tokens.
    const verified = new LatchkeyClient({
      appId,
      appSecret: 'unused',
      apiUrl: 'http://127.0.0.1:1',
      tokens: { verificationKey: app.verification_key },
    });
    await expect(verified.verifyAccessToken(login.token)).resolves.toMatchObject({ userId: login.user.id });

    expect(await latchkey.getAllowlist()).toEqual([]);
    const entry = await latchkey.addToAllowlist({ type: 'email', value: 'vip@example.com' });
    expect(entry).toMatchObject({ type: 'email', value: 'vip@example.com', appId });
    expect(await latchkey.getAllowlist()).toEqual([entry]);
    await latchkey.removeFromAllowlist({ type: 'email', value: 'vip@example.com' });
    expect(await latchkey.getAllowlist()).toEqual([]);

    expect(await latchkey.getTestCredentials()).toEqual([]);
  });

  it('pregenerates embedded wallets for an existing user, and refuses a second one of a chain', async () => {
    const user = await latchkey.pregenerateWallets(login.user.id, {
      create_ethereum_wallet: true,
      create_solana_wallet: true,
    });
    const embedded = user.linked_accounts.filter(
      (a) => a.type === 'wallet' && a.connector_type === 'embedded',
    ) as unknown as { chain_type: string; address: string }[];
    expect(embedded.map((a) => a.chain_type).sort()).toEqual(['ethereum', 'solana']);
    const ethereum = embedded.find((a) => a.chain_type === 'ethereum')!;
    expect((await latchkey.getUserByWalletAddress(ethereum.address))?.id).toBe(login.user.id);
    const again = await rejection(
      latchkey.pregenerateWallets(login.user.id, { create_ethereum_wallet: true }),
    );
    expect(again).toBeInstanceOf(ApiError);
    expect(again.code).toBe('resource_already_exists');
    expect(
      await rejection(
        latchkey.pregenerateWallets('did:privy:nosuchuser000000000000000', { create_ethereum_wallet: true }),
      ),
    ).toBeInstanceOf(NotFoundError);
  });

  it('deletes a user: gone by id (NotFoundError) and by lookup (null)', async () => {
    await latchkey.deleteUser(imported.id);
    const error = await rejection(latchkey.getUser(imported.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.code).toBe('user_does_not_exist');
    expect(await latchkey.getUserByEmail('grace@example.com')).toBeNull();
    expect(await rejection(latchkey.deleteUser(imported.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(latchkey.getUser('did:privy:nosuchuser000000000000000'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('throws AuthenticationError for a wrong secret, on lookups too (never a silent null)', async () => {
    const wrong = new LatchkeyClient({
      appId,
      appSecret: 'wrong-secret',
      apiUrl: t.url,
      retryBaseDelayMs: 1,
    });
    for (const call of [
      () => wrong.getUser(login.user.id),
      () => wrong.getUserByEmail('ada@example.com'),
      () => wrong.getAllowlist(),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error.status).toBe(401);
      expect(error.message).not.toContain('wrong-secret');
    }
  });

  it('throws on invalid lookup input instead of answering null', async () => {
    expect(await rejection(latchkey.getUserByFarcasterId(-1))).toBeInstanceOf(InvalidRequestError);
    expect(await rejection(latchkey.getUserByWalletAddress('not-an-address'))).toBeInstanceOf(
      InvalidRequestError,
    );
  });
});
