import type { WebhookEndpointWithSecret } from '@latchkey/protocol';
import {
  buildUnsignedTransaction,
  type EvmNode,
  type SolanaRpc,
  startEvmNode,
  startSolanaRpc,
} from '@latchkey/test/chains';
import {
  dialects,
  startTestServer,
  startWebhookReceiver,
  type TestServer,
  testAdminKey,
  type WebhookReceiver,
} from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { address, createNoopSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solanaCaip2 } from '../../src/server-wallets/transactions/chains.ts';
import { sendEthereumTransaction } from '../../src/server-wallets/transactions/ethereum-send.ts';
import { sendSolanaTransaction } from '../../src/server-wallets/transactions/solana-send.ts';
import { withWalletKey } from '../../src/server-wallets/wallet-keys.ts';
import { ether, fundFromHardhat, insertServerWallet } from './server-wallet-transactions-fixtures.ts';

/**
 * The chain watcher on a real Hardhat node (automine off, a dropped send, a replacement, a revert)
 * and the Solana shim, with the webhooks it sends received and verified by `standardwebhooks`; and
 * the read routes as `@privy-io/node` calls them (`/v1/...`).
 */
let node: EvmNode;
let solana: SolanaRpc;
const caip2 = 'eip155:31337';
const recipient = '0x000000000000000000000000000000000000bEEF';

beforeAll(async () => {
  [node, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
});
afterAll(async () => {
  await Promise.all([node?.stop(), solana?.close()]);
});

describe.each(dialects)('the chain watcher (%s)', (dialect) => {
  let t: TestServer;
  let solanaChain: string;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    const genesis = await fetch(solana.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
    });
    solanaChain = solanaCaip2(((await genesis.json()) as { result: string }).result);
    t = await startTestServer(dialect, {
      settings: {
        rpcUrls: { [caip2]: node.url, [solanaChain]: solana.url },
        chainWatcherPollMs: 100,
        chainThresholds: {
          [caip2]: { stillPendingAfterMs: 800, droppedAfterMs: 300 },
          [solanaChain]: { stillPendingAfterMs: 800 },
        },
      },
    });
  });
  afterAll(async () => {
    await node.rpc('evm_setAutomine', [true]);
    await t?.close();
    for (const r of receivers) await r.close();
  });

  /** An app with a webhook endpoint at a fresh receiver, and its Basic credentials. */
  const appWithReceiver = async () => {
    const { app, secret } = await t.createApp();
    const r = await startWebhookReceiver();
    receivers.push(r);
    const created = await t.fetch(`/admin/v1/apps/${app.id}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${r.url}/hook` }),
    });
    r.secret = ((await created.json()) as WebhookEndpointWithSecret).secret;
    const get = async <T>(path: string, credentials = { id: app.id, secret }) => {
      const response = await t.fetch(path, {
        headers: {
          authorization: `Basic ${Buffer.from(`${credentials.id}:${credentials.secret}`).toString('base64')}`,
          'privy-app-id': credentials.id,
        },
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    return { appId: app.id, secret, receiver: r, get };
  };
  /**
   * The event types a send's webhooks carried, once per event and sorted: delivery is at least once
   * (a delivery retried after a slow answer arrives twice, same `webhook-id`) and deliveries run
   * concurrently (their order varies).
   */
  const types = (r: WebhookReceiver, id: string) =>
    [
      ...new Map(r.received.filter((w) => w.body.transaction_id === id).map((w) => [w.id, w.type])).values(),
    ].sort();

  it('follows a send to confirmed, announces it and the funds moved, and shows it on the read routes', async () => {
    const { appId, receiver, get } = await appWithReceiver();
    const wallet = await insertServerWallet(t.ctx, appId);
    await t.latchkey.chainWatcher!.pass(); // the deposit scan starts at the current block
    await fundFromHardhat(node, wallet.address, ether);
    const send = await sendEthereumTransaction(t.ctx, {
      wallet,
      caip2,
      transaction: { to: recipient, value: `0x${(ether / 100n).toString(16)}` },
      referenceId: 'order-1',
    });
    await receiver.waitFor((all) => all.some((w) => w.type === 'transaction.confirmed'));
    await receiver.waitFor((all) => all.some((w) => w.type === 'wallet.funds_deposited'));
    await receiver.waitFor((all) => all.some((w) => w.type === 'wallet.funds_withdrawn'));
    await receiver.waitFor(() => types(receiver, send.transaction_id).length >= 2);
    expect(receiver.received.every((w) => w.verified)).toBe(true);
    expect(types(receiver, send.transaction_id)).toEqual([
      'transaction.broadcasted',
      'transaction.confirmed',
    ]);
    const confirmed = receiver.received.find((w) => w.type === 'transaction.confirmed')!.body;
    expect(confirmed).toEqual({
      type: 'transaction.confirmed',
      transaction_id: send.transaction_id,
      transaction_hash: send.hash,
      caip2,
      wallet_id: wallet.id,
      reference_id: 'order-1',
    });
    const deposit = receiver.received.find((w) => w.type === 'wallet.funds_deposited')!.body;
    expect(deposit).toMatchObject({
      wallet_id: wallet.id,
      caip2,
      recipient: expect.stringMatching(new RegExp(wallet.address.slice(2), 'i')),
      amount: ether.toString(),
      asset: { type: 'native-token', address: null },
      block: { number: expect.any(Number), timestamp: expect.any(Number) },
    });
    const withdrawn = receiver.received.find((w) => w.type === 'wallet.funds_withdrawn')!.body;
    expect(withdrawn).toMatchObject({ sender: wallet.address, recipient, amount: (ether / 100n).toString() });
    expect(BigInt(withdrawn.transaction_fee as string)).toBeGreaterThan(0n);

    const record = await get<Record<string, unknown>>(`/v1/transactions/${send.transaction_id}`);
    expect(record).toEqual({
      status: 200,
      body: {
        id: send.transaction_id,
        wallet_id: wallet.id,
        caip2,
        transaction_hash: send.hash,
        status: 'confirmed',
        created_at: expect.any(Number),
        reference_id: 'order-1',
        sponsored: false,
      },
    });
    const byReference = await get<{ transactions: { id: string }[] }>(
      '/api/v1/transactions?reference_id=order-1',
    );
    expect(byReference.body.transactions.map((x) => x.id)).toEqual([send.transaction_id]);
    const history = await get<{
      transactions: { details: { type: string; raw_value: string } }[];
      next_cursor: string | null;
    }>(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}&limit=1`);
    expect(history.status).toBe(200);
    expect(history.body.transactions).toHaveLength(1);
    const rest = await get<{ transactions: { details: { type: string } }[]; next_cursor: string | null }>(
      `/v1/wallets/${wallet.id}/transactions?chain=${caip2}&cursor=${history.body.next_cursor}`,
    );
    expect(
      [...history.body.transactions, ...rest.body.transactions].map((x) => x.details.type).sort(),
    ).toEqual(['transfer_received', 'transfer_sent']);
    expect(rest.body.next_cursor).toBeNull();
    const balance = await get<{ balances: { chain: string; asset: string; raw_value: string }[] }>(
      `/v1/wallets/${wallet.id}/balance`,
    );
    const onChain = BigInt((await node.rpc('eth_getBalance', [wallet.address, 'latest'])) as string);
    expect(balance.body.balances).toEqual([
      expect.objectContaining({
        chain: caip2,
        asset: 'eth',
        raw_value: onChain.toString(),
        raw_value_decimals: 18,
      }),
    ]);
    // Another app sees none of it.
    const other = await t.createApp();
    const stranger = { id: other.app.id, secret: other.secret };
    expect((await get(`/v1/transactions/${send.transaction_id}`, stranger)).status).toBe(404);
    expect((await get(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}`, stranger)).status).toBe(404);
    expect((await get(`/v1/wallets/${wallet.id}/balance`, stranger)).status).toBe(404);
    expect(
      (await get<{ transactions: unknown[] }>('/v1/transactions?reference_id=order-1', stranger)).body
        .transactions,
    ).toEqual([]);
  });

  it('with automine off: still_pending, then a dropped send fails and gives its nonce back, a replacement replaces, a revert reverts', async () => {
    const { appId, receiver } = await appWithReceiver();
    const wallet = await insertServerWallet(t.ctx, appId);
    await fundFromHardhat(node, wallet.address, ether);
    await node.rpc('evm_setAutomine', [false]);
    try {
      const send = (transaction: Record<string, unknown>) =>
        sendEthereumTransaction(t.ctx, { wallet, caip2, transaction, referenceId: null });

      // Held in the pool: still pending (once), with the request to speed it up.
      const held = await send({ to: recipient, value: 1 });
      await receiver.waitFor((all) => all.some((w) => w.type === 'transaction.still_pending'));
      const pending = receiver.received.find((w) => w.type === 'transaction.still_pending')!.body;
      expect(pending).toMatchObject({
        transaction_id: held.transaction_id,
        transaction_request: held.transaction_request,
      });

      // Dropped from the pool: failed, and its nonce is the next send's.
      await node.rpc('hardhat_dropTransaction', [held.hash]);
      await receiver.waitFor((all) => all.some((w) => w.type === 'transaction.failed'));
      await receiver.waitFor(() => types(receiver, held.transaction_id).length >= 3);
      expect(types(receiver, held.transaction_id)).toEqual([
        'transaction.broadcasted',
        'transaction.failed',
        'transaction.still_pending',
      ]);
      const original = await send({ to: recipient, value: 2 });
      expect(original.transaction_request.nonce).toBe(held.transaction_request.nonce);

      // The same nonce again with higher fees replaces it in the pool; mined, the first is replaced.
      const fees = original.transaction_request;
      const faster = await send({
        to: recipient,
        value: 3,
        nonce: fees.nonce,
        max_fee_per_gas: `0x${(BigInt(fees.max_fee_per_gas as string) * 2n).toString(16)}`,
        max_priority_fee_per_gas: `0x${(BigInt(fees.max_priority_fee_per_gas as string) * 2n + 1n).toString(16)}`,
      });
      // A contract that always reverts, called with a gas limit (its estimate would revert).
      const reverter = '0x0000000000000000000000000000000000000fa1';
      await node.rpc('hardhat_setCode', [reverter, '0x60006000fd']);
      const reverted = await send({ to: reverter, gas_limit: 60_000 });
      await node.rpc('evm_mine');
      await receiver.waitFor((all) => all.some((w) => w.type === 'transaction.execution_reverted'));
      await receiver.waitFor((all) => all.some((w) => w.type === 'transaction.replaced'));
      await receiver.waitFor(() => types(receiver, faster.transaction_id).includes('transaction.confirmed'));
      expect(types(receiver, original.transaction_id)).toContain('transaction.replaced');
      expect(types(receiver, reverted.transaction_id)).toContain('transaction.execution_reverted');
      const statuses = await t.ctx.db
        .selectFrom('server_wallet_transactions')
        .select(['id', 'status'])
        .where('wallet_id', '=', wallet.id)
        .execute();
      expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
        [held.transaction_id]: 'failed',
        [original.transaction_id]: 'replaced',
        [faster.transaction_id]: 'confirmed',
        [reverted.transaction_id]: 'execution_reverted',
      });
    } finally {
      await node.rpc('evm_setAutomine', [true]);
    }
  });

  it('Solana signAndSendTransaction: recorded, broadcast to the shim, confirmed', async () => {
    const { appId, receiver } = await appWithReceiver();
    const wallet = await insertServerWallet(t.ctx, appId, 'solana');
    solana.airdrop(wallet.address, 2_000_000_000n);
    const to = address('11111111111111111111111111111112');
    const unsigned = buildUnsignedTransaction(solana, address(wallet.address), [
      getTransferSolInstruction({
        source: createNoopSigner(address(wallet.address)),
        destination: to,
        amount: lamports(1_000_000n),
      }),
    ]);
    // One signer: [count 1][64-byte slot][message]. The RPC route signs so; here the test does.
    const signed = await withWalletKey(t.ctx, wallet, (seed) => {
      const wire = new Uint8Array(unsigned);
      wire.set(ed25519.sign(wire.subarray(65), seed), 1);
      return wire;
    });
    const send = await sendSolanaTransaction(t.ctx, {
      wallet,
      caip2: solanaChain,
      signedTransaction: signed,
      referenceId: 'sol-1',
    });
    expect(send).toMatchObject({ caip2: solanaChain, reference_id: 'sol-1' });
    await receiver.waitFor(() => types(receiver, send.transaction_id).length >= 2);
    expect(types(receiver, send.transaction_id)).toEqual([
      'transaction.broadcasted',
      'transaction.confirmed',
    ]);
    expect(solana.balance(to)).toBeGreaterThanOrEqual(1_000_000n);
    // The node refuses a transaction it cannot pay for: no record.
    const poor = await insertServerWallet(t.ctx, appId, 'solana');
    const poorUnsigned = buildUnsignedTransaction(solana, address(poor.address), [
      getTransferSolInstruction({
        source: createNoopSigner(address(poor.address)),
        destination: to,
        amount: lamports(1n),
      }),
    ]);
    const poorSigned = await withWalletKey(t.ctx, poor, (seed) => {
      const wire = new Uint8Array(poorUnsigned);
      wire.set(ed25519.sign(wire.subarray(65), seed), 1);
      return wire;
    });
    await expect(
      sendSolanaTransaction(t.ctx, {
        wallet: poor,
        caip2: solanaChain,
        signedTransaction: poorSigned,
        referenceId: null,
      }),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/insufficient_funds|transaction_broadcast_failure/),
    });
  });
});
