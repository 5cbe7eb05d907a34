import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { authorizationPayload } from '@latchkey/protocol';
import { dialects, dumpDatabase, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWalletKeyContext } from '../../src/server-wallets/wallet-keys.ts';

/**
 * The attacker holds the app secret (a leaked backend credential) or another app's, and replays what
 * they saw: an owned wallet must sign nothing for them. Requests are made by hand here, so that every
 * header and byte of the signed payload is the attacker's choice.
 */

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function p256() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), privateKey };
}

describe.each(dialects)('server wallets against an attacker with the app secret (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  let secret: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    ({
      app: { id: appId },
      secret,
    } = await t.createApp());
  });
  afterAll(() => t.close());

  /** A call with the app secret, optionally signed by `keys` over exactly this request. */
  async function call(
    method: string,
    path: string,
    body: unknown,
    options: {
      keys?: KeyObject[];
      headers?: Record<string, string>;
      as?: { id: string; secret: string };
    } = {},
  ): Promise<Reply> {
    const caller = options.as ?? { id: appId, secret };
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${caller.id}:${caller.secret}`).toString('base64')}`,
      'privy-app-id': caller.id,
      'content-type': 'application/json',
      ...options.headers,
    };
    if (options.keys?.length) {
      const payload = authorizationPayload({
        method: method as 'POST',
        url: `${t.origin}${path}`,
        body: body ?? {},
        headers,
      });
      headers['privy-authorization-signature'] = options.keys
        .map((key) => sign('sha256', payload, { key, dsaEncoding: 'der' }).toString('base64'))
        .join(',');
    }
    const res = await t.fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const personalSign = { method: 'personal_sign', params: { message: 'drain', encoding: 'utf-8' } };

  async function ownedWallet(publicKey: string) {
    const created = await call('POST', '/v1/wallets', {
      chain_type: 'ethereum',
      owner: { public_key: publicKey },
    });
    expect(created.status).toBe(200);
    return created.body as { id: string; address: string };
  }

  it('the app secret alone signs, updates and raw-signs nothing for an owned wallet', async () => {
    const owner = p256();
    const wallet = await ownedWallet(owner.publicKey);
    for (const [method, path, body] of [
      ['POST', `/v1/wallets/${wallet.id}/rpc`, personalSign],
      ['POST', `/api/v1/wallets/${wallet.id}/rpc`, personalSign],
      ['POST', `/v1/wallets/${wallet.id}/raw_sign`, { params: { hash: `0x${'00'.repeat(32)}` } }],
      ['PATCH', `/v1/wallets/${wallet.id}`, { owner_id: null }],
    ] as const) {
      const reply = await call(method, path, body);
      expect(reply, `${method} ${path}`).toMatchObject({
        status: 401,
        body: { code: 'invalid_credentials' },
      });
    }
    // Still owned: the refused PATCH changed nothing.
    expect((await call('GET', `/v1/wallets/${wallet.id}`, undefined)).body.owner_id).toEqual(
      expect.any(String),
    );
    expect(
      (await call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign, { keys: [owner.privateKey] })).status,
    ).toBe(200);
  });

  it('refuses a signature replayed after its expiry, to another wallet, another URL or another body', async () => {
    const owner = p256();
    const [first, second] = [await ownedWallet(owner.publicKey), await ownedWallet(owner.publicKey)];
    const expired = { 'privy-request-expiry': String(Date.now() - 1) };
    expect(
      await call('POST', `/v1/wallets/${first.id}/rpc`, personalSign, {
        keys: [owner.privateKey],
        headers: expired,
      }),
    ).toMatchObject({ status: 401, body: { error: expect.stringMatching(/expired/) } });

    // A valid signature captured for the first wallet, sent with the second wallet's URL.
    const headers = { 'privy-request-expiry': String(Date.now() + 60_000) };
    const payload = authorizationPayload({
      method: 'POST',
      url: `${t.origin}/v1/wallets/${first.id}/rpc`,
      body: personalSign,
      headers: { 'privy-app-id': appId, ...headers },
    });
    const captured = sign('sha256', payload, { key: owner.privateKey, dsaEncoding: 'der' }).toString(
      'base64',
    );
    const replay = (path: string, body: unknown) =>
      call('POST', path, body, { headers: { ...headers, 'privy-authorization-signature': captured } });
    expect((await replay(`/v1/wallets/${first.id}/rpc`, personalSign)).status).toBe(200);
    expect((await replay(`/v1/wallets/${second.id}/rpc`, personalSign)).status).toBe(401);
    expect((await replay(`/api/v1/wallets/${first.id}/rpc`, personalSign)).status).toBe(401);
    expect(
      (await replay(`/v1/wallets/${first.id}/raw_sign`, { params: { hash: `0x${'00'.repeat(32)}` } })).status,
    ).toBe(401);
    const otherMessage = { ...personalSign, params: { message: 'other', encoding: 'utf-8' } };
    expect((await replay(`/v1/wallets/${first.id}/rpc`, otherMessage)).status).toBe(401);
    // Its deadline was signed: moving it later breaks the signature.
    expect(
      (
        await call('POST', `/v1/wallets/${first.id}/rpc`, personalSign, {
          headers: {
            'privy-request-expiry': String(Date.now() + 120_000),
            'privy-authorization-signature': captured,
          },
        })
      ).status,
    ).toBe(401);
  });

  it('counts a nested quorum as one member once its own threshold is met', async () => {
    const [a, b, x, y] = [p256(), p256(), p256(), p256()];
    const inner = (
      await call('POST', '/v1/key_quorums', {
        public_keys: [x.publicKey, y.publicKey],
        authorization_threshold: 2,
      })
    ).body as { id: string };
    const outer = (
      await call('POST', '/v1/key_quorums', {
        public_keys: [a.publicKey, b.publicKey],
        key_quorum_ids: [inner.id],
        authorization_threshold: 2,
      })
    ).body as { id: string };
    // Two levels deep is refused where quorums are made.
    expect((await call('POST', '/v1/key_quorums', { key_quorum_ids: [outer.id] })).status).toBe(400);
    const wallet = (await call('POST', '/v1/wallets', { chain_type: 'ethereum', owner_id: outer.id }))
      .body as { id: string };
    const rpc = (keys: KeyObject[]) =>
      call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign, { keys }).then((reply) => reply.status);
    expect(await rpc([a.privateKey])).toBe(401);
    expect(await rpc([a.privateKey, a.privateKey])).toBe(401);
    expect(await rpc([a.privateKey, x.privateKey])).toBe(401);
    expect(await rpc([a.privateKey, b.privateKey])).toBe(200);
    expect(await rpc([a.privateKey, x.privateKey, y.privateKey])).toBe(200);
  });

  it('honours the older authorization_key_ids owner, never dropping it into an app-owned wallet', async () => {
    const [a, b, c] = [p256(), p256(), p256()];
    const key = async (publicKey: string) =>
      ((await call('POST', '/v1/key_quorums', { public_keys: [publicKey] })).body as { id: string }).id;
    const ids = [await key(a.publicKey), await key(b.publicKey), await key(c.publicKey)];
    const created = await call('POST', '/v1/wallets', {
      chain_type: 'ethereum',
      authorization_key_ids: ids,
      authorization_threshold: 2,
    });
    expect(created.status).toBe(200);
    const wallet = created.body as { id: string; owner_id: string | null };
    expect(wallet.owner_id).not.toBeNull();
    const rpc = (keys: KeyObject[]) =>
      call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign, { keys }).then((reply) => reply.status);
    expect(await rpc([])).toBe(401);
    expect(await rpc([b.privateKey])).toBe(401);
    expect(await rpc([c.privateKey, a.privateKey])).toBe(200);

    // One key at the default threshold: that key's quorum owns the wallet.
    const single = await call('POST', '/v1/wallets', {
      chain_type: 'ethereum',
      authorization_key_ids: [ids[0]],
    });
    expect(single.body).toMatchObject({ owner_id: ids[0] });

    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const reply = await call('POST', '/v1/wallets', { chain_type: 'ethereum', ...body });
      expect(reply).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
      expect(reply.body.error).toMatch(message);
    };
    await refused(
      { authorization_key_ids: ids, authorization_threshold: 4 },
      /between 1 and the number of keys/,
    );
    await refused({ authorization_threshold: 1 }, /needs authorization_key_ids/);
    await refused(
      { authorization_key_ids: ids, owner_id: ids[0] },
      /only one of owner, owner_id or authorization_key_ids/,
    );
    await refused(
      { authorization_key_ids: ids, additional_signers: [{ signer_id: ids[1] }] },
      /either additional_signers or authorization_key_ids/,
    );
    await refused({ authorization_key_ids: ['q'.repeat(25)] }, /every id must be a key quorum of this app/);
    await refused({ authorization_key_ids: [] }, /authorization_key_ids/);
    const other = await t.createApp();
    const foreign = (
      await call(
        'POST',
        '/v1/key_quorums',
        { public_keys: [a.publicKey] },
        { as: { id: other.app.id, secret: other.secret } },
      )
    ).body as { id: string };
    await refused({ authorization_key_ids: [foreign.id] }, /every id must be a key quorum of this app/);
  });

  it('refuses a malformed or oversized signature header without verifying it', async () => {
    const wallet = await ownedWallet(p256().publicKey);
    for (const header of ['not base64!', Array(21).fill('AAAA').join(','), 'A'.repeat(500), ',']) {
      const reply = await call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign, {
        headers: { 'privy-authorization-signature': header },
      });
      expect(reply.status, header.slice(0, 20)).toBe(401);
    }
  });

  it('another app’s secret sees and signs nothing of this app', async () => {
    const other = await t.createApp();
    const as = { id: other.app.id, secret: other.secret };
    const wallet = (await call('POST', '/v1/wallets', { chain_type: 'ethereum' })).body as { id: string };
    const quorum = (await call('POST', '/v1/key_quorums', { public_keys: [p256().publicKey] })).body as {
      id: string;
    };
    expect((await call('GET', `/v1/wallets/${wallet.id}`, undefined, { as })).status).toBe(404);
    expect((await call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign, { as })).status).toBe(404);
    expect((await call('PATCH', `/v1/wallets/${wallet.id}`, { display_name: 'mine' }, { as })).status).toBe(
      404,
    );
    expect((await call('GET', `/v1/key_quorums/${quorum.id}`, undefined, { as })).status).toBe(404);
    const list = await call('GET', '/v1/wallets', undefined, { as });
    expect((list.body.data as { id: string }[]).map((w) => w.id)).not.toContain(wallet.id);
    // Nor can it make its wallets owned by this app's quorum.
    expect(
      (await call('POST', '/v1/wallets', { chain_type: 'ethereum', owner_id: quorum.id }, { as })).status,
    ).toBe(400);
    // The wrong secret for the app named is refused outright.
    expect(
      (await call('GET', '/v1/wallets', undefined, { as: { id: appId, secret: other.secret } })).status,
    ).toBe(401);
  });

  it('keeps no key material in the database, the logs or error bodies', async () => {
    const wallets = [
      (await call('POST', '/v1/wallets', { chain_type: 'ethereum' })).body as { id: string },
      (await call('POST', '/v1/wallets', { chain_type: 'solana' })).body as { id: string },
    ];
    const errors: string[] = [];
    for (const wallet of wallets) {
      const solana = { method: 'signMessage', params: { message: 'aGk=', encoding: 'base64' } };
      const reply = await call('POST', `/v1/wallets/${wallet.id}/rpc`, personalSign);
      const solanaReply = await call('POST', `/v1/wallets/${wallet.id}/rpc`, solana);
      errors.push(JSON.stringify(reply.body), JSON.stringify(solanaReply.body));
      const bad = await call('POST', `/v1/wallets/${wallet.id}/rpc`, {
        method: 'eth_signTransaction',
        params: { transaction: { to: 'x' } },
      });
      errors.push(JSON.stringify(bad.body));
    }
    const dump = (await dumpDatabase(t)).map((row) => row.text).join('\n');
    const scanned = [dump, t.logs.join('\n'), errors.join('\n')].join('\n').toLowerCase();
    for (const wallet of wallets) {
      const row = await t.ctx.db
        .selectFrom('server_wallets')
        .selectAll()
        .where('id', '=', wallet.id)
        .executeTakeFirstOrThrow();
      const key = await t.ctx.keyStore.open(row.key_sealed, serverWalletKeyContext(appId, wallet.id));
      for (const form of [
        Buffer.from(key).toString('hex'),
        Buffer.from(key).toString('base64'),
        Buffer.from(key).toString('base64url'),
      ])
        expect(scanned.includes(form.toLowerCase()), `${wallet.id} key found`).toBe(false);
      // Sealed by the key store, bound to this wallet: the row moved to another wallet does not open.
      await expect(
        t.ctx.keyStore.open(
          row.key_sealed,
          serverWalletKeyContext(appId, wallets[0] === wallet ? wallets[1]!.id : wallets[0]!.id),
        ),
      ).rejects.toThrow();
    }
  });
});
