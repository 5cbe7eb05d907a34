import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/accounts/insert-account.ts';

/**
 * The users API (WIRE.md §7.2) on both dialects and under both spellings of the server REST API:
 * `/api/v1/...` (`@privy-io/server-auth`) and `/v1/...` (`@privy-io/node`). Calls carry what the
 * incumbent's server SDKs send: Basic auth with the app id and secret, `privy-app-id`, no Origin.
 */

interface WireUser {
  id: string;
  created_at: number;
  linked_accounts: Record<string, unknown>[];
  custom_metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Page {
  data: WireUser[];
  next_cursor: string | null;
}

interface Reply<T> {
  status: number;
  body: T & { code?: string; error?: string };
}

/** An app's backend: Basic auth with its secret, under one spelling. */
function backend(t: TestServer, appId: string, secret: string, prefix: string) {
  const call = async <T = WireUser>(method: string, path: string, body?: unknown): Promise<Reply<T>> => {
    const res = await t.fetch(`${prefix}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
        'privy-app-id': appId,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T & { code?: string } };
  };
  return {
    get: <T = WireUser>(path: string) => call<T>('GET', path),
    post: <T = WireUser>(path: string, body: unknown) => call<T>('POST', path, body),
    delete: <T = { message: string }>(path: string) => call<T>('DELETE', path),
    importUser: (linked_accounts: unknown[], extra: Record<string, unknown> = {}) =>
      call('POST', '/users', { linked_accounts, ...extra }),
  };
}

const ethAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
const solAddress = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
const notFound = { status: 404, body: { code: 'user_does_not_exist' } };
const invalidData = { status: 400, body: { code: 'invalid_data' } };

describe.each(dialects)('users API (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  describe.each(['/api/v1', '/v1'])('under %s', (prefix) => {
    async function newApp(patch: Record<string, unknown> = {}) {
      const made = await t.createApp(patch);
      return { ...made, api: backend(t, made.app.id, made.secret, prefix) };
    }

    it('gets a user by id (did:privy: or bare) in the wire shape of /users/me; 404 for no such user', async () => {
      const { client, api } = await newApp();
      const login = await client.loginWithEmail('get@example.com');
      const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: login.body.token });
      const got = await api.get(`/users/${login.body.user.id}`);
      expect(got).toMatchObject({ status: 200, body: me.body.user });
      expect(got.body).not.toHaveProperty('custom_metadata');
      const bare = await api.get(`/users/${login.body.user.id.slice('did:privy:'.length)}`);
      expect(bare.body).toEqual(got.body);
      // The node SDK URI-encodes the id.
      expect((await api.get(`/users/${encodeURIComponent(login.body.user.id)}`)).body).toEqual(got.body);
      for (const id of [`did:privy:${'z'.repeat(25)}`, 'nobody', 'did:privy:', "' OR 1=1 --"])
        expect(await api.get(`/users/${encodeURIComponent(id)}`), id).toMatchObject(notFound);
    });

    it('answers every lookup of WIRE §7.2 with the user, normalising input as login does', async () => {
      const { api, app } = await newApp();
      const imported = await api.importUser([
        { type: 'email', address: 'Look.Up@Example.com' },
        { type: 'phone', number: '+1 (415) 555-0123' },
        { type: 'wallet', address: ethAddress, chain_type: 'ethereum' },
        { type: 'wallet', address: solAddress, chain_type: 'solana' },
        { type: 'farcaster', fid: 4242, owner_address: ethAddress.toLowerCase(), username: 'caster' },
        { type: 'discord_oauth', subject: 'd-1', username: 'DiscordName' },
        { type: 'github_oauth', subject: 'g-1', username: 'GitHubName' },
        { type: 'twitter_oauth', subject: 'tw-1', username: 'TwitterName', name: 'T' },
        { type: 'telegram', telegram_user_id: '777000', username: 'TeleName' },
        { type: 'custom_auth', custom_user_id: 'crm-42' },
      ]);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const userId = imported.body.id;
      // No route links smart wallets without a signature; stored as SIWE's smart-wallet link would.
      const smart = '0x1111111111111111111111111111111111111111';
      await insertAccount(
        t.ctx.db,
        app.id,
        userId.slice('did:privy:'.length),
        { type: 'smart_wallet', identifier: smart, details: { address: smart, smart_wallet_type: 'kernel' } },
        t.ctx.now(),
      );
      const lookups: [string, Record<string, unknown>, Record<string, unknown>][] = [
        ['/users/email/address', { address: ' LOOK.UP@example.COM ' }, { address: 'no@example.com' }],
        ['/users/phone/number', { number: '+14155550123' }, { number: '+14155550199' }],
        ['/users/wallet/address', { address: ethAddress.toLowerCase() }, { address: smart }],
        ['/users/wallet/address', { address: solAddress }, { address: '11111111111111111111111111111111' }],
        [
          '/users/smart_wallet/address',
          { address: smart.toUpperCase().replace('0X', '0x') },
          { address: ethAddress },
        ],
        ['/users/farcaster/fid', { fid: 4242 }, { fid: 4243 }],
        ['/users/discord/username', { username: 'discordname' }, { username: 'GitHubName' }],
        ['/users/github/username', { username: 'GITHUBNAME' }, { username: 'DiscordName' }],
        ['/users/twitter/username', { username: '@TwitterName' }, { username: 'TeleName' }],
        ['/users/telegram/username', { username: 'telename' }, { username: 'TwitterName' }],
        ['/users/twitter/subject', { subject: 'tw-1' }, { subject: 'TW-1' }],
        ['/users/telegram/telegram_user_id', { telegram_user_id: '777000' }, { telegram_user_id: '777001' }],
        ['/users/custom_auth/id', { custom_user_id: 'crm-42' }, { custom_user_id: 'CRM-42' }],
      ];
      for (const [path, hit, miss] of lookups) {
        const found = await api.post(path, hit);
        expect(found.status, `${path} ${JSON.stringify(found.body)}`).toBe(200);
        expect(found.body.id, path).toBe(userId);
        expect(await api.post(path, miss), `${path} miss`).toMatchObject(notFound);
      }
      const wire = (await api.get(`/users/${userId}`)).body;
      expect(wire.linked_accounts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'email', address: 'look.up@example.com' }),
          expect.objectContaining({ type: 'phone', phoneNumber: '+1 415 555 0123' }),
          expect.objectContaining({ type: 'wallet', address: ethAddress, chain_type: 'ethereum' }),
          expect.objectContaining({
            type: 'farcaster',
            fid: 4242,
            owner_address: ethAddress,
            username: 'caster',
          }),
          expect.objectContaining({ type: 'telegram', telegram_user_id: '777000', username: 'TeleName' }),
          expect.objectContaining({ type: 'custom_auth', custom_user_id: 'crm-42' }),
          expect.objectContaining({ type: 'smart_wallet', address: smart, smart_wallet_type: 'kernel' }),
        ]),
      );
    });

    it('refuses malformed lookup input with invalid_data, never a 404 or a 5xx', async () => {
      const { api } = await newApp();
      const cases: [string, Record<string, unknown>][] = [
        ['/users/email/address', { address: 'not-an-email' }],
        ['/users/email/address', {}],
        ['/users/phone/number', { number: 'abc' }],
        ['/users/wallet/address', { address: '0x1234' }],
        ['/users/wallet/address', { address: 'O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0' }],
        ['/users/smart_wallet/address', { address: solAddress }],
        ['/users/farcaster/fid', { fid: -1 }],
        ['/users/farcaster/fid', { fid: 1.5 }],
        ['/users/farcaster/fid', { fid: '1' }],
        ['/users/discord/username', { username: '' }],
        ['/users/telegram/telegram_user_id', { telegram_user_id: 'abc' }],
        ['/users/telegram/telegram_user_id', { telegram_user_id: 777000 }],
        ['/users/custom_auth/id', { custom_user_id: 'x'.repeat(600) }],
      ];
      for (const [path, body] of cases)
        expect(await api.post(path, body), `${path} ${JSON.stringify(body)}`).toMatchObject(invalidData);
    });

    it('lists users in stable cursor pages: empty, exact multiples, the last page null', async () => {
      const { api } = await newApp();
      expect(await api.get<Page>('/users')).toEqual({ status: 200, body: { data: [], next_cursor: null } });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const made = await api.importUser([{ type: 'email', address: `page-${i}@example.com` }]);
        ids.push(made.body.id);
      }
      const walk = async (limit: number) => {
        const seen: string[] = [];
        const sizes: number[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const page: Reply<Page> = await api.get<Page>(`/users${query}`);
          expect(page.status).toBe(200);
          sizes.push(page.body.data.length);
          seen.push(...page.body.data.map((u) => u.id));
          cursor = page.body.next_cursor;
        } while (cursor !== null);
        return { seen, sizes };
      };
      // Imports within one second tie on created_at: the id breaks the tie, so the order is stable.
      const all = (await api.get<Page>('/users')).body.data.map((u) => u.id);
      expect([...all].sort()).toEqual([...ids].sort());
      expect(await walk(1)).toEqual({ seen: all, sizes: [1, 1, 1, 1, 1] });
      expect(await walk(2)).toEqual({ seen: all, sizes: [2, 2, 1] });
      expect(await walk(5)).toEqual({ seen: all, sizes: [5] });
      expect(await walk(100)).toEqual({ seen: all, sizes: [5] });
      // A cursor stays valid after the user it points past is deleted.
      const first = await api.get<Page>('/users?limit=2');
      expect((await api.delete(`/users/${first.body.data[1]!.id}`)).status).toBe(200);
      const rest = await api.get<Page>(`/users?limit=10&cursor=${first.body.next_cursor}`);
      expect(rest.body.data.map((u) => u.id)).toEqual(all.slice(2));
    });

    it('refuses limits outside 1..100 and cursors it did not make', async () => {
      const { api } = await newApp();
      for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e2', ' 5'])
        expect(await api.get(`/users?limit=${encodeURIComponent(limit)}`), `limit=${limit}`).toMatchObject(
          invalidData,
        );
      for (const cursor of ['bogus!', 'AAAA', Buffer.from('1:short').toString('base64url'), 'x'.repeat(100)])
        expect(await api.get(`/users?cursor=${encodeURIComponent(cursor)}`), cursor).toMatchObject(
          invalidData,
        );
      expect((await api.get('/users?limit=100')).status).toBe(200);
      expect((await api.get('/users?limit=1')).status).toBe(200);
    });

    it('searches by term, or by lists of emails, phone numbers and wallet addresses', async () => {
      const { api } = await newApp();
      const alice = await api.importUser([
        { type: 'email', address: 'alice@wonder.example' },
        { type: 'wallet', address: ethAddress, chain_type: 'ethereum' },
      ]);
      const bob = await api.importUser([{ type: 'phone', number: '+14155550142' }]);
      await api.importUser([{ type: 'email', address: 'carol@elsewhere.example' }]);
      const ids = (page: Reply<Page>) => page.body.data.map((u) => u.id).sort();
      expect(ids(await api.post<Page>('/users/search', { searchTerm: 'WONDER' }))).toEqual([alice.body.id]);
      expect(ids(await api.post<Page>('/users/search', { searchTerm: '4155550142' }))).toEqual([bob.body.id]);
      expect(ids(await api.post<Page>('/users/search', { searchTerm: alice.body.id }))).toEqual([
        alice.body.id,
      ]);
      // LIKE wildcards in the term are literal characters.
      expect(ids(await api.post<Page>('/users/search', { searchTerm: '%' }))).toEqual([]);
      expect(ids(await api.post<Page>('/users/search', { searchTerm: '_' }))).toEqual([]);
      const lists = await api.post<Page>('/users/search', {
        emails: ['ALICE@wonder.example'],
        phoneNumbers: ['+1 415 555 0142'],
        walletAddresses: [],
      });
      expect(ids(lists)).toEqual([alice.body.id, bob.body.id].sort());
      expect(
        ids(await api.post<Page>('/users/search', { walletAddresses: [ethAddress.toLowerCase()] })),
      ).toEqual([alice.body.id]);
      expect(await api.post<Page>('/users/search', { emails: [] })).toMatchObject({
        status: 200,
        body: { data: [], next_cursor: null },
      });
      const paged = await api.post<Page>('/users/search', { searchTerm: 'example', limit: 1 });
      expect(paged.body.data).toHaveLength(1);
      const next = await api.post<Page>('/users/search', {
        searchTerm: 'example',
        cursor: paged.body.next_cursor,
      });
      expect(next.body).toMatchObject({ next_cursor: null });
      expect(next.body.data).toHaveLength(1);
      for (const body of [
        {},
        { searchTerm: '' },
        { emails: ['nope'] },
        { searchTerm: 'a', limit: 0 },
        { searchTerm: 'a', cursor: 'bogus' },
      ])
        expect(await api.post('/users/search', body), JSON.stringify(body)).toMatchObject(invalidData);
    });

    it('imports a user who then logs in as that user; records user.created', async () => {
      const { api, app, client } = await newApp();
      const imported = await api.importUser([{ type: 'email', address: 'Imported@Example.com' }], {
        custom_metadata: { plan: 'pro', seats: 3, beta: true },
      });
      expect(imported).toMatchObject({
        status: 200,
        body: {
          id: expect.stringMatching(/^did:privy:[a-z0-9]{25}$/),
          is_guest: false,
          has_accepted_terms: false,
          mfa_methods: [],
          custom_metadata: { plan: 'pro', seats: 3, beta: true },
          linked_accounts: [expect.objectContaining({ type: 'email', address: 'imported@example.com' })],
        },
      });
      const login = await client.loginWithEmail('imported@example.com');
      expect(login.body).toMatchObject({ is_new_user: false, user: { id: imported.body.id } });
      const events = await t.ctx.db
        .selectFrom('outbox')
        .select(['type', 'payload'])
        .where('app_id', '=', app.id)
        .where('type', '=', 'user.created')
        .execute();
      expect(events.map((e) => JSON.parse(e.payload).user.id)).toEqual([imported.body.id]);
    });

    it('refuses an account another user holds, atomically: nothing of the import is left', async () => {
      const { api, client } = await newApp();
      await client.loginWithEmail('taken@example.com');
      const before = (await api.get<Page>('/users')).body.data.length;
      const res = await api.importUser([
        { type: 'custom_auth', custom_user_id: 'fresh-id' },
        { type: 'email', address: 'TAKEN@example.com' },
      ]);
      expect(res).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });
      expect((await api.get<Page>('/users')).body.data).toHaveLength(before);
      expect(await api.post('/users/custom_auth/id', { custom_user_id: 'fresh-id' })).toMatchObject(notFound);
      // Once imported, the same accounts cannot be imported again.
      expect((await api.importUser([{ type: 'custom_auth', custom_user_id: 'fresh-id' }])).status).toBe(200);
      expect(await api.importUser([{ type: 'custom_auth', custom_user_id: 'fresh-id' }])).toMatchObject({
        status: 400,
        body: { code: 'linked_to_another_user' },
      });
    });

    it('enforces import limits: 1 to 20 accounts, no duplicates, one per type but wallets, known types', async () => {
      const { api } = await newApp();
      const wallets = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          type: 'wallet',
          chain_type: 'ethereum',
          address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
        }));
      expect((await api.importUser(wallets(20))).status).toBe(200);
      expect(
        await api.importUser(wallets(21).map((w) => ({ ...w, address: w.address.replace('0x0', '0x9') }))),
      ).toMatchObject(invalidData);
      expect(await api.importUser([])).toMatchObject(invalidData);
      expect(await api.post('/users', {})).toMatchObject(invalidData);
      const dup = { type: 'email', address: 'dup@example.com' };
      expect(await api.importUser([dup, { ...dup, address: 'DUP@example.com' }])).toMatchObject(invalidData);
      expect(
        await api.importUser([
          { type: 'email', address: 'one@example.com' },
          { type: 'email', address: 'two@example.com' },
        ]),
      ).toMatchObject({ status: 400, body: { code: 'cannot_link_more_of_type' } });
      for (const account of [
        { type: 'myspace_oauth', subject: 'x' },
        { type: 'smart_wallet', address: ethAddress },
        { type: 'email' },
        { type: 'wallet', address: ethAddress, chain_type: 'bitcoin' },
        { type: 'wallet', address: '0x52908400098527886e0f7030069857d2e4169EE7', chain_type: 'ethereum' },
        { type: 'farcaster', fid: 0, owner_address: ethAddress },
        { type: 'google_oauth' },
        'email',
        null,
      ])
        expect(await api.importUser([account]), JSON.stringify(account)).toMatchObject(invalidData);
      expect(
        await api.importUser([
          {
            type: 'passkey',
            credential_id: 'x',
            credential_public_key: 'y',
            credential_username: 'z',
            credential_device_type: 'singleDevice',
          },
        ]),
      ).toMatchObject({ status: 400, body: { code: 'not_supported' } });
    });

    it('validates the wallet flags; a requested wallet that cannot be made leaves nothing behind', async () => {
      const { api } = await newApp();
      const account = [{ type: 'email', address: 'wallets@example.com' }];
      for (const extra of [
        { create_ethereum_wallet: 'yes' },
        { wallets: [{ chain_type: 'bitcoin' }] },
        { wallets: [{ chain_type: 'ethereum' }, { chain_type: 'ethereum' }] },
      ])
        expect(await api.importUser(account, extra), JSON.stringify(extra)).toMatchObject(invalidData);
      for (const extra of [
        { create_ethereum_smart_wallet: true, create_ethereum_wallet: true },
        { wallets: [{ chain_type: 'ethereum', policy_ids: ['p'] }] },
        { create_ethereum_wallet: true, wallets: [{ chain_type: 'solana', additional_signers: [{}] }] },
      ])
        expect(await api.importUser(account, extra), JSON.stringify(extra)).toMatchObject({
          status: 400,
          body: { code: 'not_supported' },
        });
      expect(await api.post('/users/email/address', { address: 'wallets@example.com' })).toMatchObject(
        notFound,
      );
      // Flags that ask for nothing are fine (server-auth sends them as false or leaves them out).
      expect(
        (
          await api.importUser(account, {
            create_ethereum_wallet: false,
            create_solana_wallet: null,
            wallets: [],
          })
        ).status,
      ).toBe(200);
    });

    it('pregenerates the embedded wallets an import asks for, in the same transaction', async () => {
      const { api } = await newApp();
      const embedded = (user: { linked_accounts: Record<string, unknown>[] }) =>
        user.linked_accounts
          .filter((a) => a.type === 'wallet' && a.connector_type === 'embedded')
          .map((a) => [a.chain_type, a.wallet_index, a.recovery_method])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      const both = await api.importUser([{ type: 'email', address: 'pregen@example.com' }], {
        create_ethereum_wallet: true,
        create_solana_wallet: true,
      });
      expect(both.status).toBe(200);
      expect(embedded(both.body as never)).toEqual([
        ['ethereum', 0, 'privy'],
        ['solana', 0, 'privy'],
      ]);
      const viaWallets = await api.importUser([{ type: 'email', address: 'pregen-sol@example.com' }], {
        wallets: [{ chain_type: 'solana' }],
      });
      expect(embedded(viaWallets.body as never)).toEqual([['solana', 0, 'privy']]);
      // The lookup by the pregenerated address finds the imported user.
      const address = (both.body as { linked_accounts: Record<string, unknown>[] }).linked_accounts.find(
        (a) => a.chain_type === 'ethereum' && a.connector_type === 'embedded',
      )?.address;
      expect((await api.post<{ id: string }>('/users/wallet/address', { address })).body.id).toBe(
        (both.body as { id: string }).id,
      );
    });

    it('imports in batches of up to 20 users, each on its own', async () => {
      const { api, client } = await newApp();
      await client.loginWithEmail('held@example.com');
      const res = await api.post<{ results: Record<string, unknown>[] }>('/users/import', {
        users: [
          { linked_accounts: [{ type: 'email', address: 'b1@example.com' }] },
          { linked_accounts: [{ type: 'email', address: 'held@example.com' }] },
          { linked_accounts: [] },
          { linked_accounts: [{ type: 'email', address: 'b2@example.com' }], custom_metadata: { a: 1 } },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([
        { index: 0, action: 'create', success: true, id: expect.stringMatching(/^did:privy:/) },
        {
          index: 1,
          action: 'create',
          success: false,
          code: 'linked_to_another_user',
          error: expect.any(String),
        },
        { index: 2, action: 'create', success: false, code: 'invalid_data', error: expect.any(String) },
        { index: 3, action: 'create', success: true, id: expect.stringMatching(/^did:privy:/) },
      ]);
      const user = (n: number) => ({
        linked_accounts: [{ type: 'custom_auth', custom_user_id: `batch-${n}` }],
      });
      expect(
        (await api.post('/users/import', { users: Array.from({ length: 20 }, (_, i) => user(i)) })).status,
      ).toBe(200);
      expect(
        await api.post('/users/import', { users: Array.from({ length: 21 }, (_, i) => user(100 + i)) }),
      ).toMatchObject(invalidData);
      expect(await api.post('/users/import', { users: [] })).toMatchObject(invalidData);
    });

    it('sets custom metadata (replacing it), shown on the user and in the identity token', async () => {
      const { api, client, app } = await newApp();
      const login = await client.loginWithEmail('meta@example.com');
      const id = login.body.user.id;
      const set = await api.post(`/users/${id}/custom_metadata`, {
        custom_metadata: { tier: 'gold', n: 1.5 },
      });
      expect(set).toMatchObject({ status: 200, body: { id, custom_metadata: { tier: 'gold', n: 1.5 } } });
      const replaced = await api.post(`/users/${id}/custom_metadata`, { custom_metadata: { vip: true } });
      expect(replaced.body.custom_metadata).toEqual({ vip: true });
      const me = await client.request<{ user: WireUser; identity_token: string }>('/api/v1/users/me', {
        token: login.body.token,
      });
      expect(me.body.user.custom_metadata).toEqual({ vip: true });
      const claims = decodeJwt(me.body.identity_token);
      expect(claims.aud).toBe(app.id);
      expect(JSON.parse(claims.custom_metadata as string)).toEqual({ vip: true });
      // An empty map clears it: the user has no custom_metadata again.
      const cleared = await api.post(`/users/${id}/custom_metadata`, { custom_metadata: {} });
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('custom_metadata');
      expect(
        await api.post(`/users/did:privy:${'q'.repeat(25)}/custom_metadata`, { custom_metadata: { a: 1 } }),
      ).toMatchObject(notFound);
    });

    it('enforces the custom metadata limits: flat values, 50 keys of 1..64 characters, 1 KiB', async () => {
      const { api } = await newApp();
      const { body: user } = await api.importUser([{ type: 'email', address: 'limits@example.com' }]);
      const set = (custom_metadata: unknown) =>
        api.post(`/users/${user.id}/custom_metadata`, { custom_metadata });
      const keys = (n: number, value: unknown = 1) =>
        Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));
      expect((await set(keys(50))).status).toBe(200);
      expect((await set({ ['k'.repeat(64)]: 'v' })).status).toBe(200);
      // Exactly 1024 bytes of compact JSON: {"a":"…"} is 8 bytes around the value.
      expect((await set({ a: 'x'.repeat(1016) })).status).toBe(200);
      expect((await set({ a: 'é'.repeat(508) })).status).toBe(200);
      for (const value of [
        keys(51),
        { ['k'.repeat(65)]: 'v' },
        { '': 'v' },
        { a: 'x'.repeat(1017) },
        { a: 'é'.repeat(509) },
        { a: { nested: 1 } },
        { a: [1] },
        { a: null },
        ['a'],
        'string',
        42,
        null,
        { constructor: 'x' },
        JSON.parse('{"__proto__":{"polluted":true}}'),
      ])
        expect(await set(value), JSON.stringify(value)).toMatchObject(invalidData);
      expect(await api.post(`/users/${user.id}/custom_metadata`, {})).toMatchObject(invalidData);
      expect(
        await api.importUser([{ type: 'email', address: 'l2@example.com' }], { custom_metadata: keys(51) }),
      ).toMatchObject(invalidData);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('deletes a user: their tokens stop working, user.deleted is recorded, a second delete is 404', async () => {
      const { api, client, app } = await newApp();
      const login = await client.loginWithEmail('gone@example.com');
      const id = login.body.user.id;
      expect(await api.delete(`/users/${id}`)).toMatchObject({
        status: 200,
        body: { message: expect.any(String) },
      });
      expect(await api.get(`/users/${id}`)).toMatchObject(notFound);
      expect(await api.post('/users/email/address', { address: 'gone@example.com' })).toMatchObject(notFound);
      const me = await client.request('/api/v1/users/me', { token: login.body.token });
      expect(me.status).toBe(401);
      expect(await api.delete(`/users/${id}`)).toMatchObject(notFound);
      const events = await t.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('app_id', '=', app.id)
        .where('type', '=', 'user.deleted')
        .execute();
      expect(events.map((e) => JSON.parse(e.payload))).toEqual([
        {
          type: 'user.deleted',
          user: expect.objectContaining({
            id,
            linked_accounts: [expect.objectContaining({ address: 'gone@example.com' })],
          }),
        },
      ]);
      // The same email signs up afresh as a new user.
      const again = await client.loginWithEmail('gone@example.com');
      expect(again.body.is_new_user).toBe(true);
      expect(again.body.user.id).not.toBe(id);
    });

    it('serves the app config, JWKS, allowlist and test credentials here too', async () => {
      const { api, app } = await newApp({ test_credentials_enabled: true });
      const config = await api.get<{ id: string; verification_key: string }>(`/apps/${app.id}`);
      expect(config).toMatchObject({
        status: 200,
        body: { id: app.id, verification_key: expect.any(String) },
      });
      const jwks = await t.fetch(`${prefix}/apps/${app.id}/jwks.json`);
      expect(jwks.status).toBe(200);
      expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
      const added = await api.post<{ value: string }>(`/apps/${app.id}/allowlist`, {
        type: 'email',
        value: 'A@b.example',
      });
      expect(added).toMatchObject({ status: 200, body: { value: 'a@b.example' } });
      expect((await api.get<unknown[]>(`/apps/${app.id}/allowlist`)).body).toHaveLength(1);
      expect((await api.get<{ data: unknown[] }>(`/apps/${app.id}/test_credentials`)).status).toBe(200);
    });
  });

  it('answers only the server API under /v1: the browser routes stay under /api/v1', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('v1@example.com');
    // `/v1/users/me` is the users API's GET /users/:user_id there, which wants the app secret.
    expect(await client.request('/v1/users/me', { token: login.body.token })).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    expect((await client.post('/v1/passwordless/init', { email: 'v1@example.com' })).status).toBe(404);
  });
});
