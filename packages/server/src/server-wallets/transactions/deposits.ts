import { randomUUID } from 'node:crypto';
import { toBigInt, type WalletFundsWebhookEvent } from '@latchkey/protocol';
import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../storage/schema.ts';
import { recordAssetTransfers } from './asset-transfers.ts';
import { chainThresholds, parseCaip2, serverRpcUrl } from './chains.ts';
import { recordTransactionEvents } from './events.ts';
import { httpRpc } from './json-rpc.ts';
import { nowMs } from './records.ts';
import { findTokenTransfers } from './token-deposits.ts';

/** Blocks scanned per chain per pass: a watcher that was down catches up a little at a time. */
const blocksPerPass = 20;

interface BlockTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
}

/** The EVM chains the server has an RPC URL for (`LATCHKEY_RPC_URLS`): their blocks are scanned. */
export function watchedEvmChains(ctx: Pick<ServerContext, 'settings'>): string[] {
  return Object.keys(ctx.settings.rpcUrls)
    .map((key) => (/^\d+$/.test(key) ? `eip155:${key}` : key))
    .filter((caip2) => parseCaip2(caip2)?.namespace === 'eip155');
}

/**
 * `wallet.funds_deposited` for native coins: each new block (once it has the chain's confirmations)
 * of each EVM chain the server has an RPC URL for is read with its transactions; a successful one
 * that sends value to a server wallet's address is recorded (`server_wallet_deposits`, the history's
 * `transfer_received`) and announced. The same blocks' Transfer logs of registered ERC-20 tokens
 * give the tokens' deposits and withdrawals (token-deposits.ts). All of it is written in one
 * transaction with the chain's cursor (`chain_watcher_state` `block:<caip2>`), which moves only from
 * where it was read. The first scan of a chain starts at its current block (no history before
 * Latchkey watched it).
 */
export async function scanDeposits(ctx: ServerContext): Promise<void> {
  for (const caip2 of watchedEvmChains(ctx)) {
    const url = serverRpcUrl(ctx, caip2);
    if (!url) continue;
    try {
      await scanChain(ctx, caip2, httpRpc(url));
    } catch (error) {
      ctx.log.error('chain watcher: deposits not scanned', {
        caip2,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

async function scanChain(ctx: ServerContext, caip2: string, rpc: ReturnType<typeof httpRpc>): Promise<void> {
  const name = `block:${caip2}`;
  const { confirmations } = chainThresholds(ctx, caip2);
  const head = Number(toBigInt(await rpc('eth_blockNumber'))) - (confirmations - 1);
  const cursor = await ctx.db
    .selectFrom('chain_watcher_state')
    .select('last_block')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!cursor) {
    await ctx.db
      .insertInto('chain_watcher_state')
      .values({ name, holder: null, lease_until: null, last_block: head, updated_at: nowMs(ctx) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return;
  }
  const from = Number(cursor.last_block) + 1;
  const to = Math.min(head, from + blocksPerPass - 1);
  if (to < from) return;
  const found: {
    wallet: { id: string; app_id: string };
    tx: BlockTransaction;
    number: number;
    timestamp: number;
  }[] = [];
  const timestamps = new Map<number, number>();
  for (let number = from; number <= to; number += 1) {
    const block = (await rpc('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])) as {
      timestamp: string;
      transactions: BlockTransaction[];
    } | null;
    if (!block) return; // not there yet (a node behind its peers): next pass
    timestamps.set(number, Number(toBigInt(block.timestamp)));
    const paying = block.transactions.filter((tx) => tx.to && toBigInt(tx.value) > 0n);
    if (paying.length === 0) continue;
    const wallets = await ctx.db
      .selectFrom('server_wallets')
      .select(['id', 'app_id', 'address_key'])
      .where('chain_type', '=', 'ethereum')
      .where('address_key', 'in', [...new Set(paying.map((tx) => tx.to!.toLowerCase()))])
      .execute();
    for (const tx of paying)
      for (const wallet of wallets.filter((w) => w.address_key === tx.to!.toLowerCase())) {
        const receipt = (await rpc('eth_getTransactionReceipt', [tx.hash])) as { status?: string } | null;
        if (receipt?.status === '0x1')
          found.push({ wallet, tx, number, timestamp: Number(toBigInt(block.timestamp)) });
      }
  }
  const tokens = await findTokenTransfers(ctx, rpc, caip2, from, to, timestamps);
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('chain_watcher_state')
      .set({ last_block: to, updated_at: nowMs(ctx) })
      .where('name', '=', name)
      .where('last_block', '=', cursor.last_block)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return; // another watcher scanned these blocks
    for (const { wallet, tx, number, timestamp } of found)
      await recordNativeDeposit(ctx, trx, {
        wallet,
        caip2,
        transactionHash: tx.hash,
        sender: tx.from,
        recipient: tx.to!,
        amount: toBigInt(tx.value),
        block: { number, timestamp },
      });
    await recordAssetTransfers(ctx, trx, tokens);
  });
}

/** A native coin received by a server wallet, seen on chain. */
export interface NativeDeposit {
  wallet: { id: string; app_id: string };
  caip2: string;
  transactionHash: string;
  sender: string;
  recipient: string;
  amount: bigint;
  block: { number: number; timestamp: number };
}

/**
 * Records a native deposit (`server_wallet_deposits`) and writes its `wallet.funds_deposited`, in
 * the caller's transaction (the one that moves its cursor); one already recorded is skipped.
 */
export async function recordNativeDeposit(
  ctx: Pick<ServerContext, 'now'>,
  trx: Transaction<Database>,
  deposit: NativeDeposit,
): Promise<void> {
  const { wallet, caip2, transactionHash, sender, recipient, amount, block } = deposit;
  const inserted = await trx
    .insertInto('server_wallet_deposits')
    .values({
      id: randomUUID(),
      app_id: wallet.app_id,
      wallet_id: wallet.id,
      caip2,
      transaction_hash: transactionHash,
      sender,
      recipient,
      value: amount.toString(),
      block_number: block.number,
      block_timestamp: block.timestamp,
      created_at: block.timestamp * 1000,
    })
    .onConflict((oc) => oc.columns(['wallet_id', 'caip2', 'transaction_hash']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  const event: WalletFundsWebhookEvent = {
    type: 'wallet.funds_deposited',
    wallet_id: wallet.id,
    idempotency_key: `${caip2}:${transactionHash}:${wallet.id}:deposited`,
    caip2,
    transaction_hash: transactionHash,
    sender,
    recipient,
    amount: amount.toString(),
    asset: { type: 'native-token', address: null },
    block,
  };
  await recordTransactionEvents(trx, wallet.app_id, ctx.now(), [event]);
}
