import { randomBytes } from 'node:crypto';
import {
  type EvmNode,
  installTestToken,
  setTokenBalance,
  startEvmNode,
  tokenTransferData,
} from '@latchkey/test/chains';
import { dialects, startTestServer, type TestServer, type WebhookReceiver } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDeposits } from '../../src/server-wallets/transactions/deposits.ts';
import { sendEthereumTransaction } from '../../src/server-wallets/transactions/ethereum-send.ts';
import { startChainWatcher } from '../../src/server-wallets/transactions/watcher.ts';
import {
  appWithReceiver,
  ether,
  fundFromHardhat,
  fundsEvents,
  insertServerWallet,
  waitForFunds,
} from './server-wallet-transactions-fixtures.ts';

/**
 * Registered ERC-20 tokens on a real Hardhat node (the hand-assembled test token): the chain
 * watcher's `wallet.funds_deposited` / `wallet.funds_withdrawn` for them, once each, only for the
 * app that registered the token, and the wallet's history.
 */
let node: EvmNode;
const caip2 = 'eip155:31337';
const recipient = '0x000000000000000000000000000000000000bEEF';
const newAddress = () => `0x${randomBytes(20).toString('hex')}`;

beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(async () => {
  await node?.stop();
});

/** Sends `transfer(to, amount)` of `token` from one of Hardhat's accounts, and mines it. */
async function sendToken(from: string, token: string, to: string, amount: bigint): Promise<string> {
  return (await node.rpc('eth_sendTransaction', [
    { from, to: token, data: tokenTransferData(to, amount) },
  ])) as string;
}

describe.each(dialects)('registered ERC-20 tokens (%s)', (dialect) => {
  let t: TestServer;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { [caip2]: node.url }, chainWatcherPollMs: 100 },
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.close();
  });

  it('announces a deposit and a withdrawal once each, for the app that registered the token only', async () => {
    const [holder] = (await node.rpc('eth_accounts')) as string[];
    const [registered, unregistered, othersToken] = await Promise.all(
      [newAddress(), newAddress(), newAddress()].map((address) => installTestToken(node, address)),
    );
    for (const token of [registered!, unregistered!, othersToken!])
      await setTokenBalance(node, token, holder!, 1_000_000n);
    const asset = (address: string) => ({ caip2, type: 'erc20', address });
    // The token's address as the app wrote it (mixed case): matched in lower case.
    const mine = await appWithReceiver(t, {
      registered_assets: [asset(registered!.toUpperCase().replace('0X', '0x'))],
    });
    const other = await appWithReceiver(t, { registered_assets: [asset(othersToken!)] });
    receivers.push(mine.receiver, other.receiver);
    const wallet = await insertServerWallet(t.ctx, mine.appId);
    const otherWallet = await insertServerWallet(t.ctx, other.appId);
    await t.latchkey.chainWatcher!.pass(); // the deposit scan starts at the current block
    await fundFromHardhat(node, wallet.address, ether);

    const deposit = await sendToken(holder!, registered!, wallet.address, 100n);
    await sendToken(holder!, unregistered!, wallet.address, 50n); // registered by no app
    await sendToken(holder!, othersToken!, wallet.address, 70n); // another app's token, this app's wallet
    await sendToken(holder!, registered!, otherWallet.address, 30n); // this app's token, another app's wallet
    const send = await sendEthereumTransaction(t.ctx, {
      wallet,
      caip2,
      transaction: { to: registered, data: tokenTransferData(recipient, 40n) },
      referenceId: 'token-out',
    });
    await mine.receiver.waitFor((all) => all.some((w) => w.type === 'wallet.funds_withdrawn'));
    // Two more passes: anything announced twice, or wrongly, would be in the outbox by now.
    await t.latchkey.chainWatcher!.pass();
    await t.latchkey.chainWatcher!.pass();

    const token = registered!.toLowerCase();
    const block = { number: expect.any(Number), timestamp: expect.any(Number) };
    const events = (await fundsEvents(t.ctx, mine.appId)).filter((event) => event.asset.type === 'erc20');
    expect(events).toEqual([
      {
        type: 'wallet.funds_deposited',
        wallet_id: wallet.id,
        idempotency_key: expect.any(String),
        caip2,
        transaction_hash: deposit,
        sender: holder!.toLowerCase(),
        recipient: wallet.address.toLowerCase(),
        amount: '100',
        asset: { type: 'erc20', address: token },
        block,
      },
      {
        type: 'wallet.funds_withdrawn',
        wallet_id: wallet.id,
        idempotency_key: expect.any(String),
        caip2,
        transaction_hash: send.hash,
        sender: wallet.address.toLowerCase(),
        recipient: recipient.toLowerCase(),
        amount: '40',
        asset: { type: 'erc20', address: token },
        block,
        transaction_fee: expect.stringMatching(/^[1-9]\d*$/),
      },
    ]);
    expect(events[0]!.idempotency_key).not.toBe(events[1]!.idempotency_key);
    // The token send carried no native value: no native withdrawal for it.
    expect(
      (await fundsEvents(t.ctx, mine.appId)).filter(
        (event) => event.type === 'wallet.funds_withdrawn' && event.asset.type === 'native-token',
      ),
    ).toEqual([]);
    // The other app registered its own token only, and its wallet got none of it.
    expect(await fundsEvents(t.ctx, other.appId)).toEqual([]);
    // Delivered as recorded, signed (deliveries run concurrently, so their order varies; a retried
    // one comes again with its webhook-id).
    await mine.receiver.waitFor(
      (all) => new Set(all.filter((w) => w.type.startsWith('wallet.funds_')).map((w) => w.id)).size >= 3,
    );
    const delivered = [
      ...new Map(
        mine.receiver.received.filter((w) => w.type.startsWith('wallet.funds_')).map((w) => [w.id, w]),
      ).values(),
    ];
    expect(delivered.every((w) => w.verified)).toBe(true);
    const byType = (a: { type?: unknown }, b: { type?: unknown }) =>
      String(a.type).localeCompare(String(b.type));
    expect(
      delivered
        .filter((w) => (w.body.asset as { type: string }).type === 'erc20')
        .map((w) => w.body)
        .sort(byType),
    ).toEqual([...events].sort(byType));

    // The history: the deposit as transfer_received, the send once, as the token's transfer_sent.
    type Page = {
      transactions: {
        transaction_hash: string;
        privy_transaction_id: string | null;
        status: string;
        details: Record<string, unknown>;
      }[];
    };
    const history = await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}`);
    expect(history.status).toBe(200);
    const tokenEntries = history.body.transactions.filter((x) => x.details.asset === token);
    expect(tokenEntries).toHaveLength(2);
    expect(tokenEntries.find((x) => x.transaction_hash === send.hash)).toEqual(
      expect.objectContaining({
        privy_transaction_id: send.transaction_id,
        status: 'confirmed',
        details: expect.objectContaining({
          type: 'transfer_sent',
          recipient: recipient.toLowerCase(),
          raw_value: '40',
          raw_value_decimals: 6,
          display_values: { [token]: '0.00004' },
        }),
      }),
    );
    expect(tokenEntries.find((x) => x.transaction_hash === deposit)).toEqual(
      expect.objectContaining({
        privy_transaction_id: null,
        status: 'confirmed',
        details: expect.objectContaining({
          type: 'transfer_received',
          raw_value: '100',
          raw_value_decimals: 6,
        }),
      }),
    );
    expect(history.body.transactions.filter((x) => x.transaction_hash === send.hash)).toHaveLength(1);
    // ?asset= and ?token= by the token's address (any case); ?asset=eth: the native entries only.
    for (const query of [
      `asset=${registered}`,
      `token=${registered!.toUpperCase().replace('0X', '0x')}`,
      `token=${registered},${unregistered}`, // a list as @privy-io/node sends one
    ]) {
      const filtered = await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}&${query}`);
      expect(filtered.body.transactions.map((x) => x.transaction_hash).sort()).toEqual(
        [send.hash, deposit].sort(),
      );
    }
    const native = await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}&asset=eth`);
    expect(native.body.transactions.map((x) => x.details.asset)).toEqual(['eth']);
    expect(
      (await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${caip2}&asset=${unregistered}`))
        .body.transactions,
    ).toEqual([]);
    const both = await mine.get<{ code: string }>(
      `/v1/wallets/${wallet.id}/transactions?chain=${caip2}&asset=eth&token=${registered}`,
    );
    expect([both.status, both.body.code]).toEqual([400, 'invalid_data']);
    for (const query of ['token=not-a-token', `token=${Array(61).fill(registered).join(',')}`]) {
      const bad = await mine.get<{ code: string }>(`/v1/wallets/${wallet.id}/transactions?${query}`);
      expect([bad.status, bad.body.code], query.slice(0, 40)).toEqual([400, 'invalid_data']);
    }
  });

  it('a restarted watcher, and scans overlapping from an old cursor, announce nothing twice', async () => {
    const [holder] = (await node.rpc('eth_accounts')) as string[];
    const token = await installTestToken(node, newAddress());
    await setTokenBalance(node, token, holder!, 1_000n);
    const mine = await appWithReceiver(t, { registered_assets: [{ caip2, type: 'erc20', address: token }] });
    receivers.push(mine.receiver);
    const wallet = await insertServerWallet(t.ctx, mine.appId);
    await t.latchkey.chainWatcher!.pass();
    await sendToken(holder!, token, wallet.address, 7n);
    await sendToken(holder!, token, wallet.address, 8n);
    await waitForFunds(t.ctx, mine.appId, 2);
    const before = await fundsEvents(t.ctx, mine.appId);
    expect(before.map((event) => event.amount)).toEqual(['7', '8']);

    // A restart: the process's watcher stops; a new one resumes from the database.
    await t.latchkey.chainWatcher!.stop();
    const restarted = startChainWatcher(t.ctx);
    try {
      await restarted.pass();
      // A replica that read the cursor before the last scans moved it: the same blocks again, twice at once.
      const name = `block:${caip2}`;
      const { last_block } = await t.ctx.db
        .selectFrom('chain_watcher_state')
        .select('last_block')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('chain_watcher_state')
        .set({ last_block: Number(last_block) - 5 })
        .where('name', '=', name)
        .execute();
      await Promise.all([scanDeposits(t.ctx), scanDeposits(t.ctx), restarted.pass()]);
      await restarted.pass();
      expect(await fundsEvents(t.ctx, mine.appId)).toEqual(before);
      expect(
        await t.ctx.db
          .selectFrom('server_wallet_asset_transfers')
          .select('value')
          .where('wallet_id', '=', wallet.id)
          .orderBy('value')
          .execute(),
      ).toEqual([{ value: '7' }, { value: '8' }]);
      // A new transfer after all that is announced once, as usual.
      await sendToken(holder!, token, wallet.address, 9n);
      await restarted.pass();
      expect((await fundsEvents(t.ctx, mine.appId)).map((event) => event.amount)).toEqual(['7', '8', '9']);
    } finally {
      await restarted.stop();
    }
    expect(t.logs.filter((line) => line.includes('chain watcher'))).toEqual([]);
  });
});
