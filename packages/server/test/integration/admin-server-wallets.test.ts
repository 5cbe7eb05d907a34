/**
 * The dashboard's server-wallet routes (`/admin/v1/apps/:id/...`): wallets made by the admin and by
 * the app's backend listed and filtered, one opened with its owner, signers, sends and balance (a
 * node that does not answer shown as an error of its chain), key quorums from pasted keys (owner
 * quorums only when asked), transaction records by wallet, reference id and status. Nothing of
 * another app, and never a sealed key.
 */

import { adminServerWalletsApi } from '@latchkey/protocol';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { generateP256KeyPair } from '@privy-io/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallers } from './app-callers.ts';
import { ether, fundFromHardhat } from './server-wallet-transactions-fixtures.ts';

let node: EvmNode;
const caip2 = 'eip155:31337';
/** A chain whose node never answers: its balance is an entry of `errors`. */
const deadChain = 'eip155:999';
const recipient = '0x000000000000000000000000000000000000dEaD';

beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(dialects)('admin server-wallet routes (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  let secret: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { [caip2]: node.url, [deadChain]: 'http://127.0.0.1:9' } },
      chainWatcher: false,
    });
    const created = await t.createApp({ email_auth: true });
    appId = created.app.id;
    secret = created.secret;
  });
  afterAll(async () => {
    await t?.close();
  });

  const { admin, server } = appCallers(() => ({ t, appId, secret }));

  it('creates wallets, lists and filters them, opens one with its sends and balance', async () => {
    const made = await admin('POST', '/wallets', { chain_type: 'ethereum', display_name: 'Treasury' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ chain_type: 'ethereum', display_name: 'Treasury', owner_id: null });
    expect(JSON.stringify(made.body)).not.toMatch(/sealed/);
    const solana = await admin('POST', '/wallets', { chain_type: 'solana', external_id: 'sol-1' });
    expect(solana.status).toBe(200);

    // One the backend makes, and a send from it with a reference id.
    const backend = await server('POST', '/wallets', { chain_type: 'ethereum', display_name: 'Payouts' });
    expect(backend.status).toBe(200);
    const walletId = backend.body.id as string;
    await fundFromHardhat(node, backend.body.address as string, ether);
    const sent = await server('POST', `/wallets/${walletId}/rpc`, {
      method: 'eth_sendTransaction',
      caip2,
      reference_id: 'order-42',
      params: { transaction: { to: recipient, value: '0x10' } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const all = await admin('GET', '/wallets');
    expect(all.body.data?.map((w) => w.id)).toEqual([walletId, solana.body.id, made.body.id]);
    expect(all.body.data?.[0]).toMatchObject({ owner_user_id: null, display_name: 'Payouts' });
    const onlySolana = await admin('GET', '/wallets?chain_type=solana');
    expect(onlySolana.body.data?.map((w) => w.id)).toEqual([solana.body.id]);
    const byExternal = await admin('GET', '/wallets?external_id=sol-1');
    expect(byExternal.body.data?.map((w) => w.id)).toEqual([solana.body.id]);
    const byAddress = await admin(
      'GET',
      `/wallets?address=${(backend.body.address as string).toLowerCase()}`,
    );
    expect(byAddress.body.data?.map((w) => w.id)).toEqual([walletId]);
    const first = await admin('GET', '/wallets?limit=1');
    expect(first.body.next_cursor).toBe(walletId);
    const second = await admin('GET', `/wallets?limit=1&cursor=${walletId}`);
    expect(second.body.data?.map((w) => w.id)).toEqual([solana.body.id]);

    const detail = await admin('GET', `/wallets/${walletId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ owner: null, signers: [] });
    expect(detail.body.rpc_chains).toEqual(expect.arrayContaining([caip2, deadChain]));
    const transactions = detail.body.transactions as Record<string, unknown>[];
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      wallet_id: walletId,
      caip2,
      reference_id: 'order-42',
      value: '16',
      recipient,
      nonce: 0,
    });
    expect(transactions[0]?.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(JSON.stringify(detail.body)).not.toMatch(/key_sealed|raw_transaction/);

    // The live node answers; the dead one is listed quietly, not a failed page.
    const balance = await admin('GET', `/wallets/${walletId}/balance`);
    expect(balance.status).toBe(200);
    const balances = balance.body.balances as { chain: string; raw_value: string }[];
    expect(balances).toHaveLength(1);
    expect(BigInt(balances[0]!.raw_value)).toBeGreaterThan(0n);
    expect(balance.body.errors).toEqual([{ caip2: deadChain, message: expect.any(String) }]);
    // A Solana wallet has no Solana URL here: no balances, no errors.
    expect((await admin('GET', `/wallets/${solana.body.id}/balance`)).body).toEqual({
      balances: [],
      errors: [],
    });

    // Transactions: by wallet, by reference id, by status; one opened.
    const byWallet = await admin('GET', `/transactions?wallet_id=${walletId}`);
    expect(byWallet.body.data).toHaveLength(1);
    const record = byWallet.body.data![0]!;
    expect(record.status).toMatch(/^(broadcasted|confirmed)$/);
    expect((await admin('GET', '/transactions?reference_id=order-42')).body.data).toHaveLength(1);
    expect((await admin('GET', '/transactions?reference_id=nothing')).body.data).toHaveLength(0);
    expect(
      (await admin('GET', `/transactions?status=${record.status as string}`)).body.data?.map((r) => r.id),
    ).toEqual([record.id]);
    expect((await admin('GET', '/transactions?status=failed')).body.data).toEqual([]);
    expect((await admin('GET', '/transactions?status=bogus')).body).toMatchObject({ code: 'invalid_data' });
    const one = await admin('GET', `/transactions/${record.id as string}`);
    expect(one.body).toMatchObject({
      id: record.id,
      chain: expect.any(String),
      sender: backend.body.address,
    });
  });

  it('creates key quorums from pasted keys; owner quorums only when asked; owned wallets show their owner', async () => {
    const one = await generateP256KeyPair();
    const two = await generateP256KeyPair();
    const quorum = await admin('POST', '/key_quorums', {
      public_keys: [one.publicKey, two.publicKey],
      authorization_threshold: 2,
      display_name: 'Ops 2-of-2',
    });
    expect(quorum.status).toBe(200);
    expect(quorum.body).toMatchObject({
      implicit: false,
      authorization_threshold: 2,
      display_name: 'Ops 2-of-2',
    });
    const bad = await admin('POST', '/key_quorums', { public_keys: ['not a key'] });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const tooHigh = await admin('POST', '/key_quorums', {
      public_keys: [one.publicKey],
      authorization_threshold: 2,
    });
    expect(tooHigh.body.error).toMatch(/threshold/);

    // A wallet owned by the quorum (admin), one owned by a key (backend: an implicit quorum).
    const owned = await admin('POST', '/wallets', { chain_type: 'ethereum', owner_id: quorum.body.id });
    expect(owned.body.owner_id).toBe(quorum.body.id);
    const keyOwned = await server('POST', '/wallets', {
      chain_type: 'ethereum',
      owner: { public_key: one.publicKey },
      additional_signers: [{ signer_id: quorum.body.id }],
    });
    expect(keyOwned.status).toBe(200);

    const listed = await admin('GET', '/key_quorums');
    expect(listed.body.data?.map((q) => q.id)).toEqual([quorum.body.id]);
    const withImplicit = await admin('GET', '/key_quorums?implicit=true');
    expect(withImplicit.body.data?.map((q) => q.implicit)).toEqual([true, false]);

    const opened = await admin('GET', `/key_quorums/${quorum.body.id as string}`);
    expect((opened.body.wallet_ids as string[]).sort()).toEqual(
      [owned.body.id as string, keyOwned.body.id as string].sort(),
    );
    const detail = await admin('GET', `/wallets/${keyOwned.body.id as string}`);
    expect(detail.body.owner).toMatchObject({
      implicit: true,
      authorization_keys: [{ public_key: expect.any(String) }],
    });
    expect(detail.body.signers).toMatchObject([
      { signer_id: quorum.body.id, override_policy_ids: [], key_quorum: { id: quorum.body.id } },
    ]);
  });

  it('writes policies without an owner, keeps owned ones read-only, and dry-runs a request', async () => {
    const rule = (value: string) => ({
      name: 'Small sends',
      method: 'eth_sendTransaction',
      action: 'ALLOW',
      conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value }],
    });
    const bad = await admin('POST', '/policies', {
      name: 'Limits',
      chain_type: 'ethereum',
      rules: [
        {
          ...rule('1'),
          conditions: [{ field_source: 'ethereum_transaction', field: 'nope', operator: 'eq', value: '1' }],
        },
      ],
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_policy_format' } });
    expect(bad.body.error).toMatch(/^Invalid rules\[0\]\.conditions\[0\]\.field: /);

    const made = await admin('POST', '/policies', {
      name: 'Limits',
      chain_type: 'ethereum',
      rules: [rule('10000000000000000')],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ owner_id: null, name: 'Limits', version: '1.0' });
    const policyId = made.body.id as string;
    const updated = await admin('PATCH', `/policies/${policyId}`, {
      name: 'Send limits',
      rules: [rule('5000000000000000')],
    });
    expect(updated.body).toMatchObject({
      name: 'Send limits',
      rules: [{ conditions: [{ value: '5000000000000000' }] }],
    });
    expect((await admin('GET', '/policies')).body.data?.map((p) => p.id)).toContain(policyId);
    expect((await admin('GET', `/policies/${policyId}`)).body.name).toBe('Send limits');
    // The change is in the policy's audit log, made by the admin.
    const audit = await server('GET', `/policies/${policyId}/audit`);
    expect((audit.body.data as { actor: string; action: string }[]).map((e) => [e.action, e.actor])).toEqual([
      ['policy.updated', 'admin'],
      ['policy.created', 'admin'],
    ]);

    const send = (value: string) => ({
      method: 'eth_sendTransaction',
      caip2,
      params: { transaction: { to: recipient, value } },
    });
    const allowed = await admin('POST', `/policies/${policyId}/evaluate`, send('0x1000'));
    expect(allowed.body).toMatchObject({ decision: 'ALLOW', trace: { decided_by: { name: 'Small sends' } } });
    const denied = await admin('POST', `/policies/${policyId}/evaluate`, send('0x470de4df820000'));
    expect(denied.body).toMatchObject({ decision: 'DENY', trace: { decided_by: null } });
    expect(
      (denied.body.trace as { rules: { conditions: { result: boolean }[] }[] }).rules[0]?.conditions[0]
        ?.result,
    ).toBe(false);

    // A wallet made with the policy by the admin, shown with it.
    const guarded = await admin('POST', '/wallets', { chain_type: 'ethereum', policy_ids: [policyId] });
    expect(guarded.body.policy_ids, JSON.stringify(guarded.body)).toEqual([policyId]);
    expect((await admin('GET', `/wallets/${guarded.body.id as string}`)).body.wallet).toMatchObject({
      policy_ids: [policyId],
    });

    // A policy owned by a key: read here, never changed.
    const key = await generateP256KeyPair();
    const owned = await server('POST', '/policies', {
      version: '1.0',
      name: 'Owned',
      chain_type: 'ethereum',
      rules: [rule('1')],
      owner: { public_key: key.publicKey },
    });
    expect(owned.status, JSON.stringify(owned.body)).toBe(200);
    const refused = await admin('PATCH', `/policies/${owned.body.id as string}`, { name: 'Taken over' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect((await admin('GET', `/policies/${owned.body.id as string}`)).body.name).toBe('Owned');
  });

  it('refuses bad input with invalid_data, and shows nothing of another app', async () => {
    expect((await admin('POST', '/wallets', { chain_type: 'dogecoin' })).body).toMatchObject({
      code: 'invalid_data',
    });
    expect((await admin('POST', '/wallets', { chain_type: 'ethereum', owner_id: 'nobody' })).status).toBe(
      400,
    );
    expect((await admin('GET', '/wallets?limit=0')).body).toMatchObject({ code: 'invalid_data' });
    expect((await admin('GET', '/transactions?cursor=%%%')).body).toMatchObject({ code: 'invalid_data' });

    const other = await t.createApp();
    const theirs = await t.fetch('/api/v1/wallets', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${other.app.id}:${other.secret}`).toString('base64')}`,
        'privy-app-id': other.app.id,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ chain_type: 'ethereum' }),
    });
    const theirId = ((await theirs.json()) as { id: string }).id;
    expect((await admin('GET', `/wallets/${theirId}`)).status).toBe(404);
    expect((await admin('GET', '/wallets')).body.data?.some((w) => w.id === theirId)).toBe(false);

    const noApp = await t.fetch('/admin/v1/apps/nosuchapp/wallets', {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(noApp.status).toBe(404);
    const noKey = await t.fetch(`/admin/v1/apps/${appId}/wallets`);
    expect(noKey.status).toBe(401);
  });

  it('answers every route 401 without the admin key, with a wrong one or with the app secret', async () => {
    const routes = Object.values(adminServerWalletsApi);
    // Wallets, key quorums, transactions, policies (14), condition sets and aggregations (11).
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const credentials = [
      null,
      'Bearer wrong-key',
      `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
      `Basic ${Buffer.from(`admin:${testAdminKey}`).toString('base64')}`,
    ];
    for (const { method, path } of routes)
      for (const authorization of credentials) {
        const url = path.replace(':id', appId).replace(/:[a-z_]+/g, 'nothing000000000000000000');
        const res = await t.fetch(url, {
          method,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          ...(method === 'GET' ? {} : { body: JSON.stringify({ chain_type: 'ethereum' }) }),
        });
        expect({ route: `${method} ${path}`, authorization, status: res.status }).toMatchObject({
          status: 401,
        });
        expect(await res.json()).toMatchObject({ code: 'missing_or_invalid_token' });
      }
  });
});
