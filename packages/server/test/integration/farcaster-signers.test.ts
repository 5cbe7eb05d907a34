import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FarcasterSigner } from '@latchkey/protocol';
import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import {
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { type SignedKeyRequestStandIn, startSignedKeyRequestStandIn } from '@latchkey/test/stand-ins';
import type { Hex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEntries } from '../../src/features.ts';
import { sweepExpired } from '../../src/storage/retention.ts';
import { farcasterChannelLogin } from '../fixtures/farcaster-login.ts';

/**
 * Farcaster signers end to end on the server: a Hardhat node with chain id 10 holds the registries
 * and the KeyGateway at their Optimism addresses, Warpcast's signed-key-request API is the kit's
 * stand-in over that chain (it checks the request's EIP-712 signature against the app fid's
 * custody, and its `approve` runs `KeyGateway.add` from the user's custody address as the
 * Farcaster app does), and the server reads the KeyRegistry through `eip155:10`.
 */
const relayKey = 'signers-relay-key-0123456789abcdef';
let chain: FarcasterChain;
let warpcast: SignedKeyRequestStandIn;
beforeAll(async () => {
  chain = await startFarcasterChain();
  warpcast = await startSignedKeyRequestStandIn({ chain });
}, 60_000);
afterAll(async () => {
  await warpcast?.close();
  await chain?.stop();
});

/** A fresh Ed25519 public key, as the wallet frame holds one: `0x` + 64 hex digits. */
function newSignerKey(): Hex {
  const { publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return `0x${Buffer.from(x, 'base64url').toString('hex')}`;
}

/** A new Ethereum account and its private key (viem's account does not carry it). */
function newAccount(): PrivateKeyAccount & { privateKey: Hex } {
  const privateKey = generatePrivateKey();
  return Object.assign(privateKeyToAccount(privateKey), { privateKey });
}

describe.each(dialects)('Farcaster signers (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: {
        rpcUrls: { 'eip155:10': chain.url },
        farcaster: { relayKey, signerApiUrl: warpcast.url },
      },
    });
  });
  afterAll(() => t.close());

  const admin = (appId: string, method: string, body?: unknown, server: TestServer = t) =>
    server
      .fetch(`/admin/v1/apps/${appId}/farcaster_identity`, {
        method,
        headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      .then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

  /** An app with Farcaster login and its own fid (custody `custody`), set through the admin API. */
  async function signerApp(patch: Record<string, unknown> = {}, server: TestServer = t) {
    const made = await server.createApp({ farcaster_auth: true, ...patch });
    const custody = newAccount();
    const fid = await chain.registerFid(custody);
    const set = await admin(
      made.app.id,
      'PUT',
      { fid: Number(fid), custody_private_key: custody.privateKey },
      server,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return { ...made, custody, fid };
  }

  /**
   * A user who logs in with a new fid, or `existing`'s again (init, the Farcaster app completing the
   * channel, authenticate).
   */
  async function farcasterUser(
    client: TestClient,
    server: TestServer = t,
    existing?: { custody: ReturnType<typeof newAccount>; fid: bigint },
  ) {
    const custody = existing?.custody ?? newAccount();
    const fid = existing?.fid ?? (await chain.registerFid(custody));
    const login = await farcasterChannelLogin(server, client, { account: custody, fid, relayKey });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { custody, fid, token: login.body.token, login };
  }

  const init = (client: TestClient, token: string, body: unknown) =>
    client.post<FarcasterSigner & { code?: string; error?: string }>('/api/v1/farcaster/signer/init', body, {
      token,
    });
  const status = (client: TestClient, token: string, body: unknown) =>
    client.post<FarcasterSigner & { code?: string; error?: string }>(
      '/api/v1/farcaster/signer/status',
      body,
      {
        token,
      },
    );
  const farcasterAccountOf = async (client: TestClient, token: string) => {
    const me = await client.request<{ user: { linked_accounts: Record<string, unknown>[] } }>(
      '/api/v1/users/me',
      { token },
    );
    return me.body.user.linked_accounts.find((account) => account.type === 'farcaster');
  };

  it('init asks Warpcast with the app fid; approval, then removal, on chain are approved, then revoked', async () => {
    const { app, client, fid: appFid, custody: appCustody } = await signerApp();
    const user = await farcasterUser(client);
    const key = newSignerKey();
    const sent = warpcast.requests.length;

    // Upper-case hex is the same key, answered lower-cased.
    const before = t.ctx.now();
    const first = await init(client, user.token, {
      ed25519_public_key: key.toUpperCase().replace('0X', '0x'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const request = warpcast.requests[sent]!;
    expect(warpcast.requests).toHaveLength(sent + 1);
    expect(request).toMatchObject({ key, requestFid: appFid, requestSigner: appCustody.address });
    expect(first.body).toEqual({
      status: 'pending_approval',
      public_key: key,
      signer_approval_url: `farcaster://signed-key-request?token=${request.token}`,
    });
    // The deadline defaults to an hour from now.
    expect(Number(request.deadline)).toBeGreaterThanOrEqual(before + 3600);
    expect(Number(request.deadline)).toBeLessThanOrEqual(t.ctx.now() + 3600);

    // Asked again while pending: the same request and link, nothing new sent to Warpcast.
    expect((await init(client, user.token, { ed25519_public_key: key })).body).toEqual(first.body);
    expect(warpcast.requests).toHaveLength(sent + 1);
    expect((await status(client, user.token, { ed25519_public_key: key })).body).toEqual({
      status: 'pending_approval',
      public_key: key,
    });
    expect((await farcasterAccountOf(client, user.token))?.signer_public_key).toBeNull();

    const hash = await warpcast.approve(request.token, user.custody);
    await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(await chain.keyDataOf(user.fid, key)).toEqual({ state: 1, keyType: 1 });
    const approved = await status(client, user.token, { ed25519_public_key: key });
    expect(approved.body).toEqual({ status: 'approved', public_key: key, fid: Number(user.fid) });
    expect(await farcasterAccountOf(client, user.token)).toMatchObject({
      fid: Number(user.fid),
      signer_public_key: key,
    });
    // Settled: init answers the status, without a new request.
    expect((await init(client, user.token, { ed25519_public_key: key })).body).toEqual(approved.body);
    expect(warpcast.requests).toHaveLength(sent + 1);

    await warpcast.revoke(request.token);
    const revoked = await status(client, user.token, { ed25519_public_key: key });
    expect(revoked.body).toEqual({ status: 'revoked', public_key: key, fid: Number(user.fid) });
    expect((await farcasterAccountOf(client, user.token))?.signer_public_key).toBeNull();
    expect((await init(client, user.token, { ed25519_public_key: key })).body).toEqual(revoked.body);
    expect(warpcast.requests).toHaveLength(sent + 1);

    // Nothing of the app's custody key in the logs.
    expect(t.logs.join('\n')).not.toContain(appCustody.privateKey.slice(2));
    expect(app.id).toBeTruthy();
  });

  it('a login keeps showing the signer the fid approved', async () => {
    const { client } = await signerApp();
    const user = await farcasterUser(client);
    const key = newSignerKey();
    await init(client, user.token, { ed25519_public_key: key });
    const request = warpcast.requests.at(-1)!;
    await chain.publicClient.waitForTransactionReceipt({
      hash: await warpcast.approve(request.token, user.custody),
    });
    expect((await status(client, user.token, { ed25519_public_key: key })).body.status).toBe('approved');
    // A login rewrites the account's details from the sign-in: the key stays.
    const again = (await farcasterUser(client, t, user)).login;
    expect(again.status).toBe(200);
    expect(again.body.user.linked_accounts.find((a) => a.type === 'farcaster')).toMatchObject({
      signer_public_key: key,
    });
  });

  it('a key the fid already holds is answered from the chain, with no request to Warpcast', async () => {
    const first = await signerApp();
    const user = await farcasterUser(first.client);
    const key = newSignerKey();
    await init(first.client, user.token, { ed25519_public_key: key });
    await chain.publicClient.waitForTransactionReceipt({
      hash: await warpcast.approve(warpcast.requests.at(-1)!.token, user.custody),
    });
    // The same person in another app, with the same fid: the key is theirs already.
    const second = await signerApp();
    const again = await farcasterUser(second.client, t, user);
    const sent = warpcast.requests.length;
    const answered = await init(second.client, again.token, { ed25519_public_key: key });
    expect(answered.body).toEqual({ status: 'approved', public_key: key, fid: Number(user.fid) });
    expect(warpcast.requests).toHaveLength(sent);
    expect(await farcasterAccountOf(second.client, again.token)).toMatchObject({ signer_public_key: key });
    expect((await status(second.client, again.token, { ed25519_public_key: key })).body.status).toBe(
      'approved',
    );
  });

  it("a key is one user's: another user can neither take it nor read it", async () => {
    const { client } = await signerApp();
    const alice = await farcasterUser(client);
    const bob = await farcasterUser(client);
    const key = newSignerKey();
    expect((await init(client, alice.token, { ed25519_public_key: key })).status).toBe(200);
    const sent = warpcast.requests.length;

    const taken = await init(client, bob.token, { ed25519_public_key: key });
    expect(taken).toMatchObject({ status: 400, body: { code: 'resource_already_exists' } });
    expect(taken.body).not.toHaveProperty('signer_approval_url');
    const read = await status(client, bob.token, { ed25519_public_key: key });
    expect(read).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'No Farcaster signer request for this key.' },
    });
    expect(warpcast.requests).toHaveLength(sent);
    // Alice's request is untouched.
    expect((await status(client, alice.token, { ed25519_public_key: key })).body.status).toBe(
      'pending_approval',
    );

    // The same key in another app is that app's own request.
    const other = await signerApp();
    const carol = await farcasterUser(other.client);
    expect((await init(other.client, carol.token, { ed25519_public_key: key })).status).toBe(200);
    expect((await status(client, alice.token, { ed25519_public_key: key })).status).toBe(200);
  });

  it('refuses without a Farcaster account, without the app identity, with Farcaster off, without a token', async () => {
    const key = newSignerKey();
    const { client } = await signerApp({ email_auth: true });
    const byEmail = await client.loginWithEmail('no-farcaster@example.com');
    expect(await init(client, byEmail.body.token, { ed25519_public_key: key })).toMatchObject({
      status: 404,
      body: {
        code: 'linked_account_not_found',
        error: 'Farcaster signers need a Farcaster account: link one (its fid) before adding a signer.',
      },
    });

    const bare = await t.createApp({ farcaster_auth: true });
    const user = await farcasterUser(bare.client);
    expect(await init(bare.client, user.token, { ed25519_public_key: key })).toMatchObject({
      status: 403,
      body: {
        code: 'feature_not_enabled',
        error:
          'Farcaster signers are not set up for this app: it has no Farcaster identity (its fid and custody key; dashboard or admin API).',
      },
    });

    await t.updateApp(bare.app.id, { farcaster_auth: false });
    expect(await init(bare.client, user.token, { ed25519_public_key: key })).toMatchObject({
      status: 403,
      body: { code: 'disallowed_login_method' },
    });
    expect(await status(bare.client, user.token, { ed25519_public_key: key })).toMatchObject({
      status: 403,
      body: { code: 'disallowed_login_method' },
    });

    const anonymous = await bare.client.post('/api/v1/farcaster/signer/init', { ed25519_public_key: key });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('refuses malformed keys and deadlines as invalid_data, storing nothing', async () => {
    const { client } = await signerApp();
    const user = await farcasterUser(client);
    const key = newSignerKey();
    const sent = warpcast.requests.length;
    const now = t.ctx.now();
    const bodies: unknown[] = [
      {},
      { ed25519_public_key: '' },
      { ed25519_public_key: '0x1234' },
      { ed25519_public_key: key.slice(2) },
      { ed25519_public_key: `${key}00` },
      { ed25519_public_key: `0x${'g'.repeat(64)}` },
      { ed25519_public_key: `0x${'a'.repeat(10_000)}` },
      { ed25519_public_key: 42 },
      { ed25519_public_key: { nested: { deeper: [key] } } },
      { ed25519_public_key: [key] },
      { ed25519_public_key: key, deadline: now - 1 },
      { ed25519_public_key: key, deadline: now },
      // Over a day ahead by a margin: the server's clock may be a few seconds past `now` by then.
      { ed25519_public_key: key, deadline: now + 24 * 3600 + 120 },
      { ed25519_public_key: key, deadline: now + 0.5 },
      { ed25519_public_key: key, deadline: String(now + 600) },
      { ed25519_public_key: key, deadline: -1 },
      { ed25519_public_key: key, deadline: 1e300 },
      { ed25519_public_key: key, deadline: { value: now + 600 } },
    ];
    for (const body of bodies) {
      const res = await init(client, user.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
    }
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const raw of [deep, '[]', 'null', '"x"', '{"ed25519_public_key":', `{"ed25519_public_key":"${key}"`])
      expect(
        (await client.request('/api/v1/farcaster/signer/init', { method: 'POST', raw, token: user.token }))
          .body.code,
      ).toBe('invalid_data');
    for (const body of [{}, { ed25519_public_key: '0x12' }, { ed25519_public_key: { a: 1 } }])
      expect((await status(client, user.token, body)).body.code).toBe('invalid_data');
    expect(warpcast.requests).toHaveLength(sent);
    expect((await status(client, user.token, { ed25519_public_key: key })).status).toBe(404);

    // A deadline within the day is taken as given.
    const ok = await init(client, user.token, { ed25519_public_key: key, deadline: now + 600 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(warpcast.requests.at(-1)!.deadline).toBe(BigInt(now + 600));
  });

  it("an expired request that was never approved is made anew; Warpcast's refusal stores nothing", async () => {
    const { app, client } = await signerApp();
    const user = await farcasterUser(client);
    const key = newSignerKey();
    const first = await init(client, user.token, { ed25519_public_key: key, deadline: t.ctx.now() + 60 });
    expect(first.status).toBe(200);
    t.advance(61);
    const renewed = await init(client, user.token, { ed25519_public_key: key });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ status: 'pending_approval', public_key: key });
    expect((renewed.body as { signer_approval_url: string }).signer_approval_url).not.toBe(
      (first.body as { signer_approval_url: string }).signer_approval_url,
    );

    // The identity's key is not the fid's custody (set past the admin API's check, through the
    // plain app patch): Warpcast refuses the request, the server answers 502 and keeps nothing.
    await t.updateApp(app.id, { farcaster_app_custody_key: generatePrivateKey() });
    const fresh = newSignerKey();
    const refused = await init(client, user.token, { ed25519_public_key: fresh });
    expect(refused).toMatchObject({
      status: 502,
      body: {
        code: 'internal_error',
        error: 'The Farcaster signer request could not be made with Warpcast. Try again later.',
      },
    });
    expect((await status(client, user.token, { ed25519_public_key: fresh })).status).toBe(404);
  });

  it('Warpcast unreachable or answering junk (a javascript: link, a bad token, HTML): a 502, nothing stored', async () => {
    // Each answer in turn, from a hostile service on loopback.
    const answers: [number, string][] = [
      [
        200,
        JSON.stringify({
          result: { signedKeyRequest: { token: 'abc', deeplinkUrl: 'javascript:alert(1)' } },
        }),
      ],
      [
        200,
        JSON.stringify({
          result: { signedKeyRequest: { token: 'a b<script>', deeplinkUrl: 'farcaster://x' } },
        }),
      ],
      [
        200,
        JSON.stringify({
          result: { signedKeyRequest: { token: 'abc', deeplinkUrl: `https://x/${'a'.repeat(3000)}` } },
        }),
      ],
      [200, JSON.stringify({ result: {} })],
      [200, 'not json'],
      [500, '<html>upstream error</html>'],
      [400, JSON.stringify({ errors: [{ message: 'invalid signature' }] })],
    ];
    const hostile = createServer((_req, res) => {
      const [code, text] = answers.shift() ?? [500, ''];
      res.writeHead(code, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const port = (hostile.address() as AddressInfo).port;
    try {
      for (const signerApiUrl of ['http://127.0.0.1:9', `http://127.0.0.1:${port}`]) {
        const server = await startTestServer(dialect, {
          settings: { rpcUrls: { 'eip155:10': chain.url }, farcaster: { relayKey, signerApiUrl } },
        });
        try {
          const { app, client } = await server.createApp({ farcaster_auth: true });
          const custody = newAccount();
          const fid = await chain.registerFid(custody);
          await server.updateApp(app.id, {
            farcaster_app_fid: Number(fid),
            farcaster_app_custody_key: custody.privateKey,
          });
          const user = await farcasterUser(client, server);
          const tries = signerApiUrl.endsWith(':9') ? 1 : answers.length;
          for (let i = 0; i < tries; i++) {
            const res = await client.post(
              '/api/v1/farcaster/signer/init',
              { ed25519_public_key: newSignerKey() },
              { token: user.token },
            );
            expect(res, `${signerApiUrl} #${i}`).toMatchObject({
              status: 502,
              body: {
                code: 'internal_error',
                error: 'The Farcaster signer request could not be made with Warpcast. Try again later.',
              },
            });
          }
          const stored = await server.ctx.db.selectFrom('farcaster_signer_requests').selectAll().execute();
          expect(stored).toHaveLength(0);
          expect(server.logs.join('\n')).not.toContain(custody.privateKey.slice(2));
        } finally {
          await server.close();
        }
      }
      expect(answers).toHaveLength(0);
    } finally {
      hostile.close();
    }
  });

  it('the sweep drops requests never approved a month past their deadline, and keeps approved ones', async () => {
    const server = await startTestServer(dialect, {
      settings: { rpcUrls: { 'eip155:10': chain.url }, farcaster: { relayKey, signerApiUrl: warpcast.url } },
    });
    try {
      const { client } = await signerApp({}, server);
      const user = await farcasterUser(client, server);
      const [pending, approved] = [newSignerKey(), newSignerKey()];
      expect((await init(client, user.token, { ed25519_public_key: pending })).status).toBe(200);
      expect((await init(client, user.token, { ed25519_public_key: approved })).status).toBe(200);
      await chain.publicClient.waitForTransactionReceipt({
        hash: await warpcast.approve(warpcast.requests.at(-1)!.token, user.custody),
      });
      expect((await status(client, user.token, { ed25519_public_key: approved })).body.status).toBe(
        'approved',
      );

      const keys = async () =>
        (await server.ctx.db.selectFrom('farcaster_signer_requests').select('public_key').execute())
          .map((row) => row.public_key)
          .sort();
      server.advance(3600 + 29 * 24 * 3600);
      await sweepExpired(server.ctx, sweepEntries());
      expect(await keys()).toEqual([pending, approved].sort());
      server.advance(24 * 3600 + 1);
      await sweepExpired(server.ctx, sweepEntries());
      expect(await keys()).toEqual([approved]);
    } finally {
      await server.close();
    }
  });

  it("the admin API sets the app's identity: checked against the chain, the key sealed, never answered", async () => {
    const { app } = await t.createApp({ farcaster_auth: true });
    const custody = newAccount();
    const fid = await chain.registerFid(custody);
    const stranger = newAccount();

    expect(await admin(app.id, 'GET')).toEqual({ status: 200, body: { fid: null, custody_address: null } });
    const wrongKey = await admin(app.id, 'PUT', {
      fid: Number(fid),
      custody_private_key: stranger.privateKey,
    });
    expect(wrongKey).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect(wrongKey.body.error).toBe(
      `Invalid custody_private_key: its address ${stranger.address} is not the custody address of fid ${fid} (${custody.address}).`,
    );
    const unregistered = await admin(app.id, 'PUT', {
      fid: 999_999_999,
      custody_private_key: custody.privateKey,
    });
    expect(unregistered).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid fid: fid 999999999 is not registered.' },
    });
    for (const body of [
      { fid: Number(fid), custody_private_key: '0x1234' },
      { fid: Number(fid), custody_private_key: `0x${'0'.repeat(64)}` },
      { fid: Number(fid), custody_private_key: `0x${'f'.repeat(64)}` },
      { fid: 0, custody_private_key: custody.privateKey },
      { fid: -1, custody_private_key: custody.privateKey },
      { fid: 1.5, custody_private_key: custody.privateKey },
      { fid: String(fid), custody_private_key: custody.privateKey },
      { custody_private_key: custody.privateKey },
      { fid: Number(fid) },
      { fid: Number(fid), custody_private_key: { key: custody.privateKey } },
    ]) {
      const res = await admin(app.id, 'PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
      expect(JSON.stringify(res.body)).not.toContain(custody.privateKey.slice(2));
    }
    expect((await admin(app.id, 'GET')).body).toEqual({ fid: null, custody_address: null });

    const set = await admin(app.id, 'PUT', { fid: Number(fid), custody_private_key: custody.privateKey });
    expect(set).toEqual({ status: 200, body: { fid: Number(fid), custody_address: custody.address } });
    expect((await admin(app.id, 'GET')).body).toEqual({ fid: Number(fid), custody_address: custody.address });

    // Sealed at rest: the stored settings hold no plaintext key; the app view shows it as set.
    const row = await t.ctx.db
      .selectFrom('apps')
      .select('config')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.config.toLowerCase()).not.toContain(custody.privateKey.slice(2).toLowerCase());
    expect(JSON.parse(row.config).settings).toMatchObject({
      farcaster_app_fid: Number(fid),
      farcaster_app_custody_key: expect.stringMatching(/^v1\./),
    });
    const view = await t.fetch(`/admin/v1/apps/${app.id}`, {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    const shown = (await view.json()) as { settings: Record<string, unknown> };
    expect(shown.settings).toMatchObject({
      farcaster_app_fid: Number(fid),
      farcaster_app_custody_key: 'set',
    });
    expect(JSON.stringify(shown)).not.toContain(custody.privateKey.slice(2));
    expect(t.logs.join('\n')).not.toContain(custody.privateKey.slice(2));

    // Without the admin key: refused.
    const anonymous = await t.fetch(`/admin/v1/apps/${app.id}/farcaster_identity`);
    expect(anonymous.status).toBe(401);

    expect(await admin(app.id, 'DELETE')).toEqual({
      status: 200,
      body: { fid: null, custody_address: null },
    });
    const cleared = await t.ctx.db
      .selectFrom('apps')
      .select('config')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(cleared.config).settings).toMatchObject({
      farcaster_app_fid: null,
      farcaster_app_custody_key: null,
    });
  });
});
