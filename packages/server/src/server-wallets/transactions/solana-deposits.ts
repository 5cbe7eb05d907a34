import type { ChainRpc } from '@latchkey/protocol';
import { sql, type Transaction } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../storage/schema.ts';
import type { AssetTransfer } from './asset-transfers.ts';
import { recordAssetTransfers } from './asset-transfers.ts';
import { parseCaip2, rpcUrlFor } from './chains.ts';
import { type NativeDeposit, recordNativeDeposit } from './deposits.ts';
import { httpRpc, NoAnswerError, UnreachableError } from './json-rpc.ts';
import { nowMs } from './records.ts';
import { registeredOn } from './registered-assets.ts';
import { type SolanaTransaction, walletChanges } from './solana-changes.ts';

/** Solana wallets checked per cluster per pass, the longest unchecked first (round-robin). */
export const solanaWalletsPerPass = 25;
/** Transactions read (`getTransaction`) per polled address per check; the rest wait for the next. */
export const solanaTransactionsPerAddress = 20;
/** Signatures per `getSignaturesForAddress` page (the RPC's maximum), and pages per address per check. */
const pageSize = 1000;
const maxPages = 5;
/** An address polled for the first time looks back to the wallet's last check, less this (clock skew). */
const slackSeconds = 60;

const tokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];
/** What is read of a cluster: finalized only, so nothing announced is rolled back. */
const commitment = 'finalized';

interface SignatureInfo {
  signature: string;
  err: unknown;
  blockTime: number | null;
}

interface WatchedWallet {
  id: string;
  app_id: string;
  address: string;
  created_at: number;
  cursors: string | null;
  checked_at: number | null;
  synced_at: number | null;
}

/** The Solana clusters the server has an RPC URL for (`LATCHKEY_RPC_URLS`): their wallets are polled. */
export function watchedSolanaClusters(ctx: Pick<ServerContext, 'settings'>): string[] {
  return Object.keys(ctx.settings.rpcUrls).filter((caip2) => parseCaip2(caip2)?.namespace === 'solana');
}

/**
 * Native SOL deposits, and deposits and withdrawals of registered SPL mints, of server wallets on
 * each Solana cluster the server has an RPC URL for. Blocks are not scanned (a cluster makes 2–3 a
 * second); each pass checks `solanaWalletsPerPass` wallets per cluster, the longest unchecked first:
 * for the wallet's address and its token accounts of mints its app registered, the signatures since
 * the last one handled (`getSignaturesForAddress`, finalized), then up to
 * `solanaTransactionsPerAddress` of those transactions (`getTransaction`), whose balances before and
 * after say what the wallet gained or lost (solana-changes.ts). The records, their webhooks and the
 * wallet's new cursors are written in one transaction that moves the cursors only from what was read
 * (`server_wallet_solana_watch`), so nothing is announced twice.
 */
export async function scanSolanaDeposits(ctx: ServerContext): Promise<void> {
  for (const caip2 of watchedSolanaClusters(ctx)) {
    try {
      await scanCluster(ctx, caip2);
    } catch (error) {
      ctx.log.error('chain watcher: Solana wallets not checked', {
        caip2,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

async function scanCluster(ctx: ServerContext, caip2: string): Promise<void> {
  const mints = await registeredOn(ctx, caip2, 'spl');
  const wallets: WatchedWallet[] = await ctx.db
    .selectFrom('server_wallets as w')
    .leftJoin('server_wallet_solana_watch as s', (join) =>
      join.onRef('s.wallet_id', '=', 'w.id').on('s.caip2', '=', caip2),
    )
    .select(['w.id', 'w.app_id', 'w.address', 'w.created_at', 's.cursors', 's.checked_at', 's.synced_at'])
    .where('w.chain_type', '=', 'solana')
    .orderBy(sql`coalesce(s.checked_at, 0)`)
    .orderBy('w.id')
    .limit(solanaWalletsPerPass)
    .execute();
  const rpcs = new Map<string, ChainRpc>();
  for (const wallet of wallets) {
    if (!rpcs.has(wallet.app_id))
      rpcs.set(wallet.app_id, httpRpc(await rpcUrlFor(ctx, wallet.app_id, caip2)));
    const appMints = new Set([...mints].filter(([, apps]) => apps.has(wallet.app_id)).map(([mint]) => mint));
    try {
      await checkWallet(ctx, rpcs.get(wallet.app_id)!, caip2, wallet, appMints);
    } catch (error) {
      // The node out of reach holds up the cluster; anything else, this wallet only (till its next turn).
      if (error instanceof UnreachableError || error instanceof NoAnswerError) throw error;
      ctx.log.error('chain watcher: a Solana wallet could not be checked', {
        walletId: wallet.id,
        caip2,
        error: error instanceof Error ? error.message : String(error),
      });
      // Its turn passes (the next wallets get theirs); its cursors and coverage stay as they were.
      await saveCursors(ctx, caip2, wallet, parseCursors(wallet.cursors), wallet.synced_at, async () => {});
    }
  }
}

const parseCursors = (text: string | null): Record<string, string> =>
  text ? (JSON.parse(text) as Record<string, string>) : {};

/** One wallet's check: what its polled addresses' new transactions moved in and out of it. */
async function checkWallet(
  ctx: ServerContext,
  rpc: ChainRpc,
  caip2: string,
  wallet: WatchedWallet,
  mints: ReadonlySet<string>,
): Promise<void> {
  const startedAt = nowMs(ctx);
  const previous = parseCursors(wallet.cursors);
  // An address without a cursor (the wallet's first check, a new token account, a mint registered
  // since) is read back to the time every such address was last covered: the wallet's creation first.
  const since = Math.floor(Number(wallet.synced_at ?? wallet.created_at) / 1000) - slackSeconds;
  const addresses = [
    wallet.address,
    ...(mints.size > 0 ? await tokenAccounts(rpc, wallet.address, mints) : []),
  ];
  const cursors: Record<string, string> = {};
  const deposits: NativeDeposit[] = [];
  const transfers: AssetTransfer[] = [];
  const read = new Set<string>();
  let covered = true;
  for (const address of addresses) {
    const { pending, base } = await newSignatures(ctx, rpc, address, previous[address] ?? null, since);
    let cursor = base;
    for (const entry of pending.slice(0, solanaTransactionsPerAddress)) {
      if (entry.err === null && !read.has(entry.signature)) {
        const transaction = (await rpc('getTransaction', [
          entry.signature,
          { encoding: 'json', maxSupportedTransactionVersion: 0, commitment },
        ])) as SolanaTransaction | null;
        if (!transaction) break; // listed but not served yet (a node behind its peers): next check
        read.add(entry.signature);
        const changes = walletChanges(transaction, wallet.address, mints, ctx.now());
        if (changes.sol) deposits.push({ wallet, caip2, transactionHash: entry.signature, ...changes.sol });
        for (const token of changes.tokens)
          transfers.push({ wallet, caip2, transactionHash: entry.signature, transferIndex: 0, ...token });
      }
      cursor = entry.signature;
    }
    if (cursor) cursors[address] = cursor;
    // Left without a cursor with work pending: the time bound must not move past it.
    else if (pending.length > 0) covered = false;
  }
  await saveCursors(ctx, caip2, wallet, cursors, covered ? startedAt : wallet.synced_at, async (trx) => {
    for (const deposit of deposits) await recordNativeDeposit(ctx, trx, deposit);
    await recordAssetTransfers(ctx, trx, transfers);
  });
}

/**
 * Writes a wallet's cursors and what they cover in one transaction, moving the row only from the
 * state it was read in (`checked_at`); another watcher that got there first wins and this one
 * writes nothing.
 */
async function saveCursors(
  ctx: ServerContext,
  caip2: string,
  wallet: WatchedWallet,
  cursors: Record<string, string>,
  syncedAt: number | null,
  write: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  // Later than the last check even on a clock that stepped back: the next check's guard differs.
  const checkedAt = Math.max(nowMs(ctx), Number(wallet.checked_at ?? 0) + 1);
  await ctx.db.transaction().execute(async (trx) => {
    if (wallet.checked_at === null) {
      const inserted = await trx
        .insertInto('server_wallet_solana_watch')
        .values({
          wallet_id: wallet.id,
          caip2,
          cursors: JSON.stringify(cursors),
          checked_at: checkedAt,
          synced_at: syncedAt,
        })
        .onConflict((oc) => oc.columns(['wallet_id', 'caip2']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    } else {
      const moved = await trx
        .updateTable('server_wallet_solana_watch')
        .set({ cursors: JSON.stringify(cursors), checked_at: checkedAt, synced_at: syncedAt })
        .where('wallet_id', '=', wallet.id)
        .where('caip2', '=', caip2)
        .where('checked_at', '=', wallet.checked_at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
    }
    await write(trx);
  });
}

/**
 * The signatures of `address` after `cursor` (or, with none, since `since`), oldest first, and the
 * one just before them (`base`: the cursor, or the newest older than `since`; null when the node
 * listed none). Pages back from the newest, at most `maxPages`; a backlog beyond that (over 5,000
 * since the last check) loses its oldest, logged as an error.
 */
async function newSignatures(
  ctx: Pick<ServerContext, 'log'>,
  rpc: ChainRpc,
  address: string,
  cursor: string | null,
  since: number,
): Promise<{ pending: SignatureInfo[]; base: string | null }> {
  const found: SignatureInfo[] = [];
  let before: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const batch = (await rpc('getSignaturesForAddress', [
      address,
      { limit: pageSize, commitment, ...(cursor ? { until: cursor } : {}), ...(before ? { before } : {}) },
    ])) as SignatureInfo[];
    for (const entry of batch) {
      if (!cursor && entry.blockTime !== null && entry.blockTime < since)
        return { pending: found.reverse(), base: entry.signature };
      found.push(entry);
    }
    if (batch.length < pageSize) return { pending: found.reverse(), base: cursor };
    before = batch.at(-1)!.signature;
  }
  ctx.log.error(
    'chain watcher: a Solana address has more new signatures than a check reads; the oldest are skipped',
    { address, read: found.length },
  );
  return { pending: found.reverse(), base: cursor };
}

/** The wallet's token accounts (either token program) of `mints`. */
async function tokenAccounts(rpc: ChainRpc, owner: string, mints: ReadonlySet<string>): Promise<string[]> {
  const accounts: string[] = [];
  for (const programId of tokenPrograms) {
    const reply = (await rpc('getTokenAccountsByOwner', [
      owner,
      { programId },
      { encoding: 'jsonParsed', commitment },
    ])) as { value: { pubkey: string; account: { data: { parsed?: { info?: { mint?: string } } } } }[] };
    for (const { pubkey, account } of reply.value)
      if (mints.has(account.data.parsed?.info?.mint ?? '')) accounts.push(pubkey);
  }
  return accounts;
}
