import { createHash } from 'node:crypto';
import { buildSiweMessage, buildSiwsMessage, siweStatement } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type WireUser = AuthBody['user'];

/** An account a test can prove it owns: `value` as a user types it, `shown` as users are shown it. */
interface Account {
  value: string;
  shown: string;
  sign?: (message: string) => Promise<string>;
}

/** One login method that supports transfer, driven through its real routes. */
interface Method {
  name: string;
  /** Route prefix: link and transfer live under it. */
  path: string;
  fresh(): Account;
  login(t: TestServer, client: TestClient, account: Account): Promise<TestResponse<AuthBody>>;
  /** A fresh proof of ownership for `/link`. */
  linkBody(t: TestServer, client: TestClient, account: Account): Promise<Record<string, unknown>>;
  transferBody(account: Account, nonce: string): Record<string, unknown>;
  /** The account on the wire once the transfer went through. */
  wire(account: Account): Record<string, unknown>;
}

let unique = 0;
const next = () => ++unique;
const isoAt = (t: TestServer) => new Date(t.ctx.now() * 1000).toISOString();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function smsCode(client: TestClient, account: Account): Promise<string> {
  const init = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: account.value });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  return client.lastCode(account.shown);
}

async function emailCode(client: TestClient, account: Account): Promise<string> {
  const init = await client.post('/api/v1/passwordless/init', { email: account.value });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  return client.lastCode(account.shown);
}

async function siweProof(t: TestServer, client: TestClient, account: Account) {
  const init = await client.post<{ nonce: string }>('/api/v1/siwe/init', { address: account.value });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const message = buildSiweMessage({
    domain: 'app.test',
    address: account.value,
    statement: siweStatement,
    uri: 'http://app.test',
    chainId: 1,
    nonce: init.body.nonce,
    issuedAt: isoAt(t),
  });
  const signature = await account.sign!(message);
  return { message, signature, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' };
}

async function siwsProof(t: TestServer, client: TestClient, account: Account) {
  const init = await client.post<{ nonce: string }>('/api/v1/siws/init', { address: account.value });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const message = buildSiwsMessage({
    domain: 'app.test',
    address: account.value,
    uri: 'http://app.test',
    nonce: init.body.nonce,
    issuedAt: isoAt(t),
  });
  return { message, signature: await account.sign!(message), walletClientType: 'phantom' };
}

const email: Method = {
  name: 'email',
  path: '/api/v1/passwordless',
  fresh() {
    const n = next();
    // Typed in mixed case: every route must normalise it the same way.
    return { value: `Owner-${n}@Example.COM`, shown: `owner-${n}@example.com` };
  },
  login: (_t, client, account) => client.loginWithEmail(account.value),
  linkBody: async (_t, client, account) => ({ email: account.value, code: await emailCode(client, account) }),
  transferBody: (account, nonce) => ({ email: account.value, nonce }),
  wire: (account) => ({ type: 'email', address: account.shown }),
};

const phone: Method = {
  name: 'phone',
  path: '/api/v1/passwordless_sms',
  fresh() {
    const line = String(2000 + next());
    return { value: `(415) 555-${line}`, shown: `+1415555${line}` };
  },
  async login(_t, client, account) {
    const code = await smsCode(client, account);
    return client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: account.value,
      code,
    });
  },
  linkBody: async (_t, client, account) => ({
    phoneNumber: account.value,
    code: await smsCode(client, account),
  }),
  transferBody: (account, nonce) => ({ phoneNumber: account.value, nonce }),
  wire: (account) => ({ type: 'phone', number: `+1 415 555 ${account.shown.slice(-4)}` }),
};

const siwe: Method = {
  name: 'siwe',
  path: '/api/v1/siwe',
  fresh() {
    const key = privateKeyToAccount(generatePrivateKey());
    return { value: key.address, shown: key.address, sign: (message) => key.signMessage({ message }) };
  },
  async login(t, client, account) {
    return client.post<AuthBody>('/api/v1/siwe/authenticate', await siweProof(t, client, account));
  },
  linkBody: siweProof,
  // Lower-cased: the route takes any valid spelling of the address.
  transferBody: (account, nonce) => ({
    address: account.value.toLowerCase(),
    nonce,
    chainId: 'eip155:10',
    walletClientType: 'rainbow',
    connectorType: 'wallet_connect',
  }),
  wire: (account) => ({
    type: 'wallet',
    address: account.shown,
    chain_type: 'ethereum',
    chain_id: 'eip155:10',
    wallet_client_type: 'rainbow',
    connector_type: 'wallet_connect',
  }),
};

const siws: Method = {
  name: 'siws',
  path: '/api/v1/siws',
  fresh() {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(secret));
    return {
      value: address,
      shown: address,
      sign: async (message) => base64.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
    };
  },
  async login(t, client, account) {
    return client.post<AuthBody>('/api/v1/siws/authenticate', await siwsProof(t, client, account));
  },
  linkBody: siwsProof,
  transferBody: (account, nonce) => ({
    address: account.value,
    nonce,
    walletClientType: 'solflare',
    connectorType: 'solana_adapter',
  }),
  wire: (account) => ({
    type: 'wallet',
    address: account.shown,
    chain_type: 'solana',
    chain_id: null,
    wallet_client_type: 'solflare',
    connector_type: 'solana_adapter',
  }),
};

const methods = [email, phone, siwe, siws];
/** A method the requester can log in with that is not `method` (so one-per-type does not bite). */
const otherThan = (method: Method) => (method === email ? phone : email);

const allMethods = {
  email_auth: true,
  sms_auth: true,
  wallet_auth: true,
  solana_wallet_auth: true,
  guest_auth: true,
};

const bareId = (user: { id: string }) => user.id.replace('did:privy:', '');
const invalidNonce = {
  status: 401,
  body: { code: 'invalid_credentials', error: 'Invalid or expired transfer nonce.' },
};

describe.each(dialects)('account transfer (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  /** B logs in with a fresh account X; A (another user) is logged in with `requester`. */
  async function setup(
    method: Method,
    options: { patch?: Record<string, unknown>; requester?: Method } = {},
  ) {
    const { client, app } = await t.createApp({ ...allMethods, ...options.patch });
    const x = method.fresh();
    const b = await method.login(t, client, x);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const requester = options.requester ?? otherThan(method);
    const a = await requester.login(t, client, requester.fresh());
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    /** A links X: account_transfer_required; returns the nonce. */
    const askTransfer = async (token = a.body.token) => {
      const res = await client.post<{ code: string; data: { nonce: string } }>(
        `${method.path}/link`,
        await method.linkBody(t, client, x),
        { token },
      );
      expect(res, JSON.stringify(res.body)).toMatchObject({
        status: 400,
        body: { code: 'account_transfer_required' },
      });
      return res.body.data.nonce;
    };
    const transfer = (nonce: string, token = a.body.token, account = x) =>
      client.post<WireUser>(`${method.path}/transfer`, method.transferBody(account, nonce), { token });
    return { client, app, x, a: a.body, b: b.body, askTransfer, transfer };
  }

  it.each(methods)(
    '$name: linking another user’s account answers account_transfer_required with the transfer data',
    async (method) => {
      const { client, x, a } = await setup(method);
      const res = await client.post(`${method.path}/link`, await method.linkBody(t, client, x), {
        token: a.token,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'This account is associated with another user.',
        code: 'account_transfer_required',
        data: {
          nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          account: { displayName: x.shown },
          subject: x.shown,
          otherUser: { embeddedWalletAddress: null, oAuthUserInfo: null },
        },
      });
      // Stored only as its SHA-256.
      const nonce = (res.body.data as { nonce: string }).nonce;
      const rows = await t.ctx.db.selectFrom('account_transfers').selectAll().execute();
      expect(rows.map((r) => r.nonce_hash)).toContain(sha256(nonce));
      expect(JSON.stringify(rows)).not.toContain(nonce);
    },
  );

  it.each(methods)(
    '$name: the transfer moves the account, deletes the other user and ends their sessions',
    async (method) => {
      const { client, app, x, a, b, askTransfer, transfer } = await setup(method);
      const nonce = await askTransfer();
      const res = await transfer(nonce);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.id).toBe(a.user.id);
      expect(res.body.linked_accounts).toContainEqual(expect.objectContaining(method.wire(x)));
      expect(res.body.linked_accounts).toHaveLength(2);

      // B is gone, with everything of theirs.
      const bId = bareId(b.user);
      for (const table of ['users', 'linked_accounts', 'sessions'] as const) {
        const column = table === 'users' ? 'id' : 'user_id';
        const left = await t.ctx.db.selectFrom(table).select(column).where(column, '=', bId).execute();
        expect(left, table).toEqual([]);
      }
      const transfers = await t.ctx.db
        .selectFrom('account_transfers')
        .select('nonce_hash')
        .where((eb) => eb.or([eb('user_id', '=', bId), eb('from_user_id', '=', bId)]))
        .execute();
      expect(transfers).toEqual([]);
      // B's access token and refresh token no longer work.
      expect(await client.request('/api/v1/users/me', { token: b.token })).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_token' },
      });
      expect(await client.post('/api/v1/sessions', {}, { token: b.token })).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_token' },
      });
      expect(await client.post('/api/v1/sessions', { refresh_token: b.refresh_token })).toMatchObject({
        status: 401,
        body: { code: 'missing_or_invalid_token' },
      });
      // A's session is untouched, and X now logs A in.
      const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: a.token });
      expect(me.body.user.linked_accounts).toContainEqual(expect.objectContaining(method.wire(x)));
      const again = await method.login(t, client, x);
      expect(again.body.user.id).toBe(a.user.id);
      expect(again.body.is_new_user).toBe(false);

      const events = await t.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('app_id', '=', app.id)
        .where('type', '=', 'user.transferred_account')
        .execute();
      expect(events.map((e) => JSON.parse(e.payload))).toEqual([
        {
          type: 'user.transferred_account',
          fromUser: { id: b.user.id },
          toUser: expect.objectContaining({ id: a.user.id, linked_accounts: res.body.linked_accounts }),
          account: expect.objectContaining(method.wire(x)),
          deletedUser: true,
        },
      ]);
    },
  );

  it.each(methods)(
    '$name: a nonce is single use, for its own user and account, for 10 minutes',
    async (method) => {
      const { client, x, a, b, askTransfer, transfer } = await setup(method);
      const c = await client.loginWithEmail(`third-${next()}@example.com`);

      // Used by someone else: refused, and spent.
      const stolen = await askTransfer();
      expect(await transfer(stolen, c.body.token)).toMatchObject(invalidNonce);
      expect(await transfer(stolen)).toMatchObject(invalidNonce);
      // For another account: refused, and spent.
      const wrongAccount = await askTransfer();
      expect(await transfer(wrongAccount, a.token, method.fresh())).toMatchObject(invalidNonce);
      expect(await transfer(wrongAccount)).toMatchObject(invalidNonce);
      // Expired.
      const late = await askTransfer();
      t.advance(10 * 60 + 1);
      expect(await transfer(late)).toMatchObject(invalidNonce);
      // Made up.
      expect(await transfer('x'.repeat(43))).toMatchObject(invalidNonce);
      // None of that touched B.
      expect((await client.request('/api/v1/users/me', { token: b.token })).status).toBe(200);

      // A fresh one works once.
      const good = await askTransfer();
      expect((await transfer(good)).status).toBe(200);
      expect(await transfer(good)).toMatchObject(invalidNonce);
      expect((await method.login(t, client, x)).body.user.id).toBe(a.user.id);
    },
  );

  it.each(methods)(
    '$name: a transfer beyond the per-type limit is cannot_link_more_of_type and loses nothing',
    async (method) => {
      // A already has an account of the type; wallets are capped at one per user here.
      const { client, x, b, askTransfer, transfer } = await setup(method, {
        patch: { max_linked_wallets_per_user: 1 },
        requester: method,
      });
      const res = await transfer(await askTransfer());
      expect(res).toMatchObject({ status: 400, body: { code: 'cannot_link_more_of_type' } });
      const me = await client.request<{ user: WireUser }>('/api/v1/users/me', { token: b.token });
      expect(me.status).toBe(200);
      expect(me.body.user.linked_accounts).toEqual([expect.objectContaining({ type: method.wire(x).type })]);
      expect((await method.login(t, client, x)).body.user.id).toBe(b.user.id);
    },
  );

  it('a guest who takes an account over becomes a full user', async () => {
    const { client, app } = await t.createApp(allMethods);
    const x = email.fresh();
    const b = await email.login(t, client, x);
    const guest = await client.post<AuthBody>('/api/v1/guest/authenticate', {
      guest_credential: Buffer.alloc(32, next()).toString('base64url'),
    });
    expect(guest.body.user.is_guest).toBe(true);
    const link = await client.post<{ data: { nonce: string } }>(
      '/api/v1/passwordless/link',
      await email.linkBody(t, client, x),
      { token: guest.body.token },
    );
    const res = await client.post<WireUser>(
      '/api/v1/passwordless/transfer',
      email.transferBody(x, link.body.data.nonce),
      { token: guest.body.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: guest.body.user.id, is_guest: false });
    expect(res.body.linked_accounts).toEqual([expect.objectContaining(email.wire(x))]);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('is_guest')
      .where('id', '=', bareId(b.body.user))
      .where('app_id', '=', app.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('an account that changed hands after the nonce: nobody’s is linked, a third user’s is refused, one’s own is a no-op', async () => {
    const { client, x, a, b, askTransfer, transfer } = await setup(email);
    // B also has a phone, so B can let go of X.
    const bPhone = phone.fresh();
    const withPhone = await client.post(
      '/api/v1/passwordless_sms/link',
      await phone.linkBody(t, client, bPhone),
      {
        token: b.token,
      },
    );
    expect(withPhone.status).toBe(200);

    // Third user: B unlinks X, C links it, then A redeems the nonce.
    const toThird = await askTransfer();
    expect((await client.post(`${email.path}/unlink`, { address: x.shown }, { token: b.token })).status).toBe(
      200,
    );
    const c = await phone.login(t, client, phone.fresh());
    expect(
      (await client.post(`${email.path}/link`, await email.linkBody(t, client, x), { token: c.body.token }))
        .status,
    ).toBe(200);
    expect(await transfer(toThird)).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });

    // Nobody's: C unlinks X; A's nonce (issued while C had it) now links it, and deletes nobody.
    const toNobody = await askTransfer();
    expect(
      (await client.post(`${email.path}/unlink`, { address: x.shown }, { token: c.body.token })).status,
    ).toBe(200);
    const linked = await transfer(toNobody);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.linked_accounts).toContainEqual(expect.objectContaining(email.wire(x)));
    expect((await client.request('/api/v1/users/me', { token: c.body.token })).status).toBe(200);
    expect((await client.request('/api/v1/users/me', { token: b.token })).status).toBe(200);

    // One's own: redeeming a nonce for an account A already has changes nothing.
    const succeeds = async (res: Promise<TestResponse>) => expect((await res).status).toBe(200);
    await succeeds(client.post(`${email.path}/unlink`, { address: x.shown }, { token: a.token }));
    await succeeds(client.post(`${email.path}/link`, await email.linkBody(t, client, x), { token: b.token }));
    const own = await askTransfer();
    await succeeds(client.post(`${email.path}/unlink`, { address: x.shown }, { token: b.token }));
    await succeeds(client.post(`${email.path}/link`, await email.linkBody(t, client, x), { token: a.token }));
    const same = await transfer(own);
    expect(same.status).toBe(200);
    expect(same.body.linked_accounts.map((acc) => acc.type).sort()).toEqual(['email', 'phone']);
    expect((await client.request('/api/v1/users/me', { token: b.token })).status).toBe(200);
  });

  it('updating to another user’s email is still linked_to_another_user', async () => {
    const { client, x, a } = await setup(email);
    // A (a phone user here) links an email of its own, then tries to update it to B's.
    const own = email.fresh();
    const linked = await client.post(`${email.path}/link`, await email.linkBody(t, client, own), {
      token: a.token,
    });
    expect(linked.status).toBe(200);
    const res = await client.post(
      `${email.path}/update`,
      { oldAddress: own.value, newAddress: x.value, code: await emailCode(client, x) },
      { token: a.token },
    );
    expect(res).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });
  });
});
