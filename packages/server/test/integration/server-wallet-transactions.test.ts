import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/api-error.ts';
import { sendEthereumTransaction } from '../../src/server-wallets/transactions/ethereum-send.ts';
import { releaseNonce, takeNonce } from '../../src/server-wallets/transactions/nonces.ts';
import { ether, fundFromHardhat, insertServerWallet } from './server-wallet-transactions-fixtures.ts';

/**
 * Server wallets' EVM sends on a real Hardhat node (one for the file): nonces from the database,
 * gas and fees filled by the shared chain rules, the record written before the broadcast, node
 * refusals as the API's codes.
 */
let node: EvmNode;
const caip2 = 'eip155:31337';
const recipient = '0x000000000000000000000000000000000000dEaD';

beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(async () => {
  await node?.stop();
});

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
};

describe.each(dialects)('server wallet sends (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { [caip2]: node.url } },
      chainWatcher: false,
    });
    appId = (await t.createApp()).app.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 concurrent sends from one wallet take 50 distinct nonces, all mined, no gap', async () => {
    const wallet = await insertServerWallet(t.ctx, appId);
    await fundFromHardhat(node, wallet.address, ether);
    const sends = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sendEthereumTransaction(t.ctx, {
          wallet,
          caip2,
          transaction: { to: recipient, value: `0x${(i + 1).toString(16)}` },
          referenceId: `batch-${i}`,
        }),
      ),
    );
    const nonces = sends.map((s) => Number(s.transaction_request.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(sends.map((s) => s.hash)).size).toBe(50);
    // Mined, every one (Hardhat's automine takes the queued ones as the gaps close).
    await node.rpc('evm_mine');
    expect(Number(await node.rpc('eth_getTransactionCount', [wallet.address, 'latest']))).toBe(50);
    for (const send of sends) {
      const receipt = (await node.rpc('eth_getTransactionReceipt', [send.hash])) as { status: string } | null;
      expect(receipt?.status).toBe('0x1');
    }
    const rows = await t.ctx.db
      .selectFrom('server_wallet_transactions')
      .select(['status', 'nonce', 'reference_id'])
      .where('wallet_id', '=', wallet.id)
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === 'broadcasted')).toBe(true);
  });

  it('fills gas and EIP-1559 fees by the chain rules, and answers the request as signed', async () => {
    const wallet = await insertServerWallet(t.ctx, appId);
    await fundFromHardhat(node, wallet.address, ether);
    const send = await sendEthereumTransaction(t.ctx, {
      wallet,
      caip2,
      transaction: { to: recipient, value: 1000, chain_id: 31337 },
      referenceId: null,
    });
    expect(send).toMatchObject({
      caip2,
      reference_id: null,
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(send.transaction_request).toMatchObject({
      from: wallet.address,
      to: recipient,
      value: '0x3e8',
      nonce: '0x0',
      chain_id: '0x7a69',
      type: 2,
    });
    expect(BigInt(send.transaction_request.gas_limit as string)).toBeGreaterThanOrEqual(21_000n);
    expect(BigInt(send.transaction_request.max_fee_per_gas as string)).toBeGreaterThan(0n);
    const tx = (await node.rpc('eth_getTransactionByHash', [send.hash])) as { from: string; type: string };
    expect(tx.from.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(tx.type).toBe('0x2');
  });

  it('refuses what the node refuses, keeping no record and giving the nonce back', async () => {
    const wallet = await insertServerWallet(t.ctx, appId);
    await fundFromHardhat(node, wallet.address, ether / 100n);
    const poor = await failure(
      sendEthereumTransaction(t.ctx, {
        wallet,
        caip2,
        transaction: { to: recipient, value: `0x${ether.toString(16)}` },
        referenceId: 'poor',
      }),
    );
    expect(poor.code).toBe('insufficient_funds');
    expect(poor.status).toBe(400);
    const legacyTooCheap = await failure(
      sendEthereumTransaction(t.ctx, {
        wallet,
        caip2,
        transaction: { to: recipient, value: 1, gas_price: 1, type: 0 },
        referenceId: null,
      }),
    );
    expect(legacyTooCheap.code).toBe('transaction_broadcast_failure');
    expect(
      await t.ctx.db
        .selectFrom('server_wallet_transactions')
        .select('id')
        .where('wallet_id', '=', wallet.id)
        .execute(),
    ).toEqual([]);
    // The nonce both refused sends held is the next send's.
    const ok = await sendEthereumTransaction(t.ctx, {
      wallet,
      caip2,
      transaction: { to: recipient, value: 1 },
      referenceId: null,
    });
    expect(ok.transaction_request.nonce).toBe('0x0');
  });

  it('refuses bad input with invalid_data, and chains without an RPC URL with not_supported', async () => {
    const wallet = await insertServerWallet(t.ctx, appId);
    const send = (transaction: unknown, chain = caip2) =>
      failure(sendEthereumTransaction(t.ctx, { wallet, caip2: chain, transaction, referenceId: null }));
    for (const transaction of [
      { to: recipient, value: '1.5' },
      { to: recipient, value: '100' },
      { to: 'not an address' },
      { to: recipient, data: '0x1' },
      { to: recipient, chain_id: 1 },
      { to: recipient, from: recipient },
      { to: recipient, type: 3 },
      'a string',
    ])
      expect((await send(transaction)).code, JSON.stringify(transaction)).toBe('invalid_data');
    expect((await send({ to: recipient, type: 4 })).code).toBe('not_supported');
    const none = await send({ to: recipient }, 'eip155:999999');
    expect(none.code).toBe('not_supported');
    expect(none.message).toContain('LATCHKEY_RPC_URLS');
    expect((await send({ to: recipient }, 'eip155:0x1')).code).toBe('invalid_data');
  });

  it('hands out nonces under a lock: a released nonce fills the gap, the last one steps back', async () => {
    const wallet = await insertServerWallet(t.ctx, appId);
    const take = () =>
      t.ctx.db.transaction().execute((trx) => takeNonce(trx, t.ctx.dialect, wallet.id, caip2, 0, Date.now()));
    const release = (nonce: number) =>
      t.ctx.db
        .transaction()
        .execute((trx) => releaseNonce(trx, t.ctx.dialect, wallet.id, caip2, nonce, Date.now()));
    expect([await take(), await take(), await take(), await take()]).toEqual([0, 1, 2, 3]);
    await release(1);
    await release(2);
    expect(await take()).toBe(1);
    await release(3);
    // 3 was the last: next steps back over 3 and over the released 2 below it.
    expect(await take()).toBe(2);
    expect(await take()).toBe(3);
    expect(await take()).toBe(4);
    // The chain ahead of the table (the key used elsewhere): the chain's count wins.
    const ahead = await t.ctx.db
      .transaction()
      .execute((trx) => takeNonce(trx, t.ctx.dialect, wallet.id, caip2, 9, Date.now()));
    expect(ahead).toBe(9);
  });
});
