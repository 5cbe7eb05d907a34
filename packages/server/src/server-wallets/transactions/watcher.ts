import { type ChainRpc, toBigInt, type WalletFundsWebhookEvent } from '@latchkey/protocol';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { chainThresholds, rpcUrlFor } from './chains.ts';
import { scanDeposits } from './deposits.ts';
import { recordTransactionEvents } from './events.ts';
import { httpRpc, NodeError, UnreachableError } from './json-rpc.ts';
import { releaseNonce } from './nonces.ts';
import { moveStatus, nowMs, type TransactionRow, transactionEvent } from './records.ts';
import { scanSolanaDeposits } from './solana-deposits.ts';

export interface ChainWatcher {
  /** Runs one pass now (if this process holds the lease) and waits for it. */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

/** Open sends looked at per pass, oldest first. */
const batch = 500;

/**
 * The chain watcher (REFERENCES §1.8; docs/server-wallet-transactions.md): in the background of
 * every server process, one at a time across replicas (a lease row in `chain_watcher_state`, taken
 * over when its holder stops renewing it). Each pass, for every send not final yet:
 * - mined with enough confirmations → `confirmed` (and `wallet.funds_withdrawn` for native value),
 *   or `execution_reverted` (receipt status 0);
 * - `signed` (recorded, never known to reach a node: a crash, or no answer) → its recorded bytes
 *   are broadcast again, which cannot spend twice (same nonce, same signature);
 * - unknown to the node while its nonce was used by another transaction → `replaced`; unknown and the
 *   nonce unused for `droppedAfterMs` → `failed` (dropped), its nonce given back (nonces.ts);
 * - broadcast longer than `stillPendingAfterMs` → `transaction.still_pending` once; longer than
 *   `failAfterMs` (chains that have one) → `failed`.
 * Then new blocks of the server's EVM chains are scanned for native deposits and registered ERC-20
 * transfers (deposits.ts, token-deposits.ts), and a few Solana wallets per cluster are checked for
 * SOL deposits and registered SPL transfers (solana-deposits.ts).
 * Every change moves a record only from the status it was read in, in one transaction with its
 * webhook (records.ts `moveStatus`), so a pass that overlaps another (a lease taken over) changes
 * and announces nothing twice. State lives in the database: a restarted process resumes.
 */
export function startChainWatcher(ctx: ServerContext): ChainWatcher {
  const holder = randomId(16);
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function holdLease(): Promise<boolean> {
    const now = nowMs(ctx);
    await ctx.db
      .insertInto('chain_watcher_state')
      .values({ name: 'lease', holder: null, lease_until: 0, last_block: null, updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const result = await ctx.db
      .updateTable('chain_watcher_state')
      .set({ holder, lease_until: now + ctx.settings.chainWatcherLeaseSeconds * 1000, updated_at: now })
      .where('name', '=', 'lease')
      .where((eb) =>
        eb.or([eb('holder', '=', holder), eb('holder', 'is', null), eb('lease_until', '<=', now)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function runPass(): Promise<void> {
    if (!(await holdLease())) return;
    const rows = await ctx.db
      .selectFrom('server_wallet_transactions')
      .selectAll()
      .where('status', 'in', ['signed', 'broadcasted'])
      .orderBy('created_at')
      .limit(batch)
      .execute();
    const rpcs = new Map<string, ChainRpc | null>();
    const rpcOf = async (row: TransactionRow) => {
      const key = `${row.app_id} ${row.caip2}`;
      if (!rpcs.has(key))
        rpcs.set(key, await rpcUrlFor(ctx, row.app_id, row.caip2).then(httpRpc, () => null));
      return rpcs.get(key) ?? null;
    };
    for (const row of rows) {
      if (stopped) return;
      const rpc = await rpcOf(row);
      if (!rpc) continue;
      try {
        if (row.chain_type === 'ethereum') await watchEvm(ctx, rpc, row);
        else await watchSolana(ctx, rpc, row);
      } catch (error) {
        // One chain's trouble (its node down) holds up no other send.
        ctx.log.error('chain watcher: a send could not be checked', {
          transactionId: row.id,
          caip2: row.caip2,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (!stopped) await scanDeposits(ctx);
    if (!stopped) await scanSolanaDeposits(ctx);
  }

  function pass(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= runPass()
      .catch((error: unknown) => {
        if (!stopped) ctx.log.error('chain watcher pass failed', { error: String(error) });
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const tick = () => {
    void pass().finally(() => {
      if (stopped) return;
      timer = setTimeout(tick, ctx.settings.chainWatcherPollMs);
      timer.unref();
    });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // Handed back at once, so a restarted or other process takes over without waiting the lease out.
      await ctx.db
        .updateTable('chain_watcher_state')
        .set({ holder: null, lease_until: 0 })
        .where('name', '=', 'lease')
        .where('holder', '=', holder)
        .execute()
        .catch(() => {});
    },
  };
}

interface Receipt {
  blockNumber: string | null;
  status?: string;
  gasUsed?: string;
  effectiveGasPrice?: string;
}

async function blockTimestamp(rpc: ChainRpc, number: number): Promise<number> {
  const block = (await rpc('eth_getBlockByNumber', [`0x${number.toString(16)}`, false])) as {
    timestamp?: string;
  } | null;
  return block?.timestamp ? Number(toBigInt(block.timestamp)) : 0;
}

async function watchEvm(ctx: ServerContext, rpc: ChainRpc, row: TransactionRow): Promise<void> {
  const thresholds = chainThresholds(ctx, row.caip2);
  const receipt = (await rpc('eth_getTransactionReceipt', [row.transaction_hash])) as Receipt | null;
  if (receipt?.blockNumber) {
    const blockNumber = Number(toBigInt(receipt.blockNumber));
    const latest = Number(toBigInt(await rpc('eth_blockNumber')));
    if (latest - blockNumber + 1 < thresholds.confirmations) {
      if (row.status === 'signed') await move(ctx, row, 'broadcasted', { broadcast_at: nowMs(ctx) });
      return;
    }
    const timestamp = await blockTimestamp(rpc, blockNumber);
    const ok = receipt.status === '0x1';
    await ctx.db.transaction().execute(async (trx) => {
      const moved = await moveStatus(
        ctx,
        trx,
        row,
        ['signed', 'broadcasted'],
        ok ? 'confirmed' : 'execution_reverted',
        {
          block_number: blockNumber,
          block_timestamp: timestamp,
        },
      );
      if (!moved || !ok || row.value === '0' || !row.recipient) return;
      const fee =
        receipt.gasUsed && receipt.effectiveGasPrice
          ? (toBigInt(receipt.gasUsed) * toBigInt(receipt.effectiveGasPrice)).toString()
          : undefined;
      const withdrawn: WalletFundsWebhookEvent = {
        type: 'wallet.funds_withdrawn',
        wallet_id: row.wallet_id,
        idempotency_key: `${row.caip2}:${row.transaction_hash}:${row.wallet_id}:withdrawn`,
        caip2: row.caip2,
        transaction_hash: row.transaction_hash,
        sender: row.sender,
        recipient: row.recipient,
        amount: row.value,
        asset: { type: 'native-token', address: null },
        block: { number: blockNumber, timestamp },
        ...(fee ? { transaction_fee: fee } : {}),
      };
      await recordTransactionEvents(trx, row.app_id, ctx.now(), [withdrawn]);
    });
    return;
  }
  const known = await rpc('eth_getTransactionByHash', [row.transaction_hash]);
  if (known) {
    if (row.status === 'signed') await move(ctx, row, 'broadcasted', { broadcast_at: nowMs(ctx) });
    else await checkAge(ctx, row, thresholds);
    return;
  }
  // Unknown to the node: mined under another hash at this nonce (replaced), never sent, or dropped.
  const used = Number(toBigInt(await rpc('eth_getTransactionCount', [row.sender, 'latest'])));
  if (row.nonce !== null && used > Number(row.nonce)) {
    await move(ctx, row, 'replaced');
    return;
  }
  if (row.status === 'signed') {
    try {
      await rpc('eth_sendRawTransaction', [row.raw_transaction]);
      await move(ctx, row, 'broadcasted', { broadcast_at: nowMs(ctx) });
    } catch (error) {
      if (error instanceof NodeError) await dropped(ctx, row, ['signed']);
      else if (!(error instanceof UnreachableError)) throw error;
    }
    return;
  }
  const now = nowMs(ctx);
  if (row.missing_since === null) {
    await ctx.db
      .updateTable('server_wallet_transactions')
      .set({ missing_since: now })
      .where('id', '=', row.id)
      .where('status', '=', 'broadcasted')
      .execute();
    return;
  }
  if (now - Number(row.missing_since) >= thresholds.droppedAfterMs) await dropped(ctx, row, ['broadcasted']);
}

/** Dropped (or refused when broadcast again): `failed`, and its unused nonce given back. */
async function dropped(
  ctx: ServerContext,
  row: TransactionRow,
  from: TransactionRow['status'][],
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveStatus(ctx, trx, row, from, 'failed');
    if (moved && row.nonce !== null)
      await releaseNonce(trx, ctx.dialect, row.wallet_id, row.caip2, Number(row.nonce), nowMs(ctx));
  });
}

async function move(
  ctx: ServerContext,
  row: TransactionRow,
  to: TransactionRow['status'],
  changes: { broadcast_at?: number } = {},
): Promise<void> {
  // Only from the status the row was read in: a row read as `signed` while the send that made it
  // broadcast it meanwhile must not go `broadcasted` → `broadcasted` and be announced twice (seen
  // as two `transaction.broadcasted` webhooks under load).
  await ctx.db.transaction().execute((trx) => moveStatus(ctx, trx, row, [row.status], to, changes));
}

/** Still pending too long: `transaction.still_pending` once, then `failed` where the chain has a limit. */
async function checkAge(
  ctx: ServerContext,
  row: TransactionRow,
  thresholds: ReturnType<typeof chainThresholds>,
): Promise<void> {
  const age = nowMs(ctx) - Number(row.broadcast_at ?? row.created_at);
  if (thresholds.failAfterMs !== null && age >= thresholds.failAfterMs) {
    await move(ctx, row, 'failed');
    return;
  }
  if (row.still_pending_sent || age < thresholds.stillPendingAfterMs) return;
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('server_wallet_transactions')
      .set({ still_pending_sent: 1, updated_at: nowMs(ctx) })
      .where('id', '=', row.id)
      .where('status', '=', 'broadcasted')
      .where('still_pending_sent', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1)
      await recordTransactionEvents(trx, row.app_id, ctx.now(), [
        transactionEvent(row, 'transaction.still_pending'),
      ]);
  });
}

interface SignatureStatus {
  slot: number;
  err: unknown;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
}

async function watchSolana(ctx: ServerContext, rpc: ChainRpc, row: TransactionRow): Promise<void> {
  const thresholds = chainThresholds(ctx, row.caip2);
  const reply = (await rpc('getSignatureStatuses', [
    [row.transaction_hash],
    { searchTransactionHistory: true },
  ])) as {
    value: (SignatureStatus | null)[];
  };
  const status = reply.value[0];
  if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
    const blockTime = (await rpc('getBlockTime', [status.slot]).catch(() => null)) as number | null;
    await ctx.db.transaction().execute((trx) =>
      moveStatus(ctx, trx, row, ['signed', 'broadcasted'], status.err ? 'execution_reverted' : 'confirmed', {
        block_number: status.slot,
        block_timestamp: blockTime ?? 0,
      }),
    );
    return;
  }
  if (status) return; // processed: seen, not confirmed yet
  if (row.status === 'signed') {
    try {
      await rpc('sendTransaction', [row.raw_transaction, { encoding: 'base64' }]);
      await move(ctx, row, 'broadcasted', { broadcast_at: nowMs(ctx) });
    } catch (error) {
      if (error instanceof NodeError) await move(ctx, row, 'failed');
      else if (!(error instanceof UnreachableError)) throw error;
    }
    return;
  }
  await checkAge(ctx, row, thresholds);
}
