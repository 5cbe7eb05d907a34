import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../storage/db.ts';
import type { Database } from '../../storage/schema.ts';

/**
 * Nonces per (wallet, EVM chain), handed out by the database so that sends from several server
 * processes never take the same one nor leave one unused (docs/server-wallet-transactions.md):
 *
 * - `takeNonce` runs in the send's database transaction, which also writes the signed record: the
 *   `server_wallet_nonces` row is locked (`FOR UPDATE` on PostgreSQL; SQLite has one writer), the
 *   lowest released nonce is taken if there is one, else `next_nonce`, raised first to the chain's
 *   pending count when the chain is ahead (the key was used elsewhere, or the row is new). A crash
 *   before the commit takes nothing.
 * - `releaseNonce`: a send refused by the node (or dropped by it) never used its nonce. If no later
 *   one was handed out, `next_nonce` steps back; otherwise the nonce is kept in
 *   `server_wallet_released_nonces` and the next send takes it, so the later sends (waiting in the
 *   node's pool for it) are not stuck behind a gap. The watcher fills one left unclaimed too long.
 * - A send that may have reached the node (no answer) keeps its nonce: its signed bytes stay
 *   recorded and are broadcast again, which cannot spend twice (same nonce, same bytes).
 */

type Db = Kysely<Database> | Transaction<Database>;

async function lockRow(db: Db, dialect: Dialect, walletId: string, caip2: string, seed: number, now: number) {
  await db
    .insertInto('server_wallet_nonces')
    .values({ wallet_id: walletId, caip2, next_nonce: seed, updated_at: now })
    .onConflict((oc) => oc.columns(['wallet_id', 'caip2']).doNothing())
    .execute();
  let query = db
    .selectFrom('server_wallet_nonces')
    .select('next_nonce')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.next_nonce);
}

/**
 * The nonce for a send, taken inside `trx` (which must also write the send's record). `chainPending`
 * is the chain's `eth_getTransactionCount(address, 'pending')`, read before the transaction.
 */
export async function takeNonce(
  trx: Transaction<Database>,
  dialect: Dialect,
  walletId: string,
  caip2: string,
  chainPending: number,
  now: number,
): Promise<number> {
  const next = await lockRow(trx, dialect, walletId, caip2, chainPending, now);
  const released = trx
    .selectFrom('server_wallet_released_nonces')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2);
  // Released nonces the chain has used since (another holder of the key) are gone for good.
  await trx
    .deleteFrom('server_wallet_released_nonces')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .where('nonce', '<', chainPending)
    .execute();
  const lowest = await released.select('nonce').orderBy('nonce').limit(1).executeTakeFirst();
  if (lowest && Number(lowest.nonce) < next) {
    await trx
      .deleteFrom('server_wallet_released_nonces')
      .where('wallet_id', '=', walletId)
      .where('caip2', '=', caip2)
      .where('nonce', '=', lowest.nonce)
      .execute();
    return Number(lowest.nonce);
  }
  const nonce = Math.max(next, chainPending);
  await trx
    .updateTable('server_wallet_nonces')
    .set({ next_nonce: nonce + 1, updated_at: now })
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .execute();
  return nonce;
}

/** A nonce the caller chose (a replacement, a speed-up): later sends are handed nonces after it. */
export async function noteNonce(
  trx: Transaction<Database>,
  dialect: Dialect,
  walletId: string,
  caip2: string,
  nonce: number,
  chainPending: number,
  now: number,
): Promise<void> {
  const next = await lockRow(trx, dialect, walletId, caip2, chainPending, now);
  if (nonce >= next)
    await trx
      .updateTable('server_wallet_nonces')
      .set({ next_nonce: nonce + 1, updated_at: now })
      .where('wallet_id', '=', walletId)
      .where('caip2', '=', caip2)
      .execute();
  await trx
    .deleteFrom('server_wallet_released_nonces')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .where('nonce', '=', nonce)
    .execute();
}

/**
 * Gives back a nonce whose send never reached a node: `next_nonce` steps back when it was the last
 * one handed out (and over released ones right below it); otherwise it waits for the next send.
 */
export async function releaseNonce(
  trx: Transaction<Database>,
  dialect: Dialect,
  walletId: string,
  caip2: string,
  nonce: number,
  now: number,
): Promise<void> {
  let next = await lockRow(trx, dialect, walletId, caip2, nonce, now);
  if (nonce >= next) return;
  if (nonce !== next - 1) {
    await trx
      .insertInto('server_wallet_released_nonces')
      .values({ wallet_id: walletId, caip2, nonce, released_at: now })
      .onConflict((oc) => oc.columns(['wallet_id', 'caip2', 'nonce']).doNothing())
      .execute();
    return;
  }
  next = nonce;
  // Released nonces now at the top step back with it.
  const below = await trx
    .selectFrom('server_wallet_released_nonces')
    .select('nonce')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .orderBy('nonce', 'desc')
    .execute();
  for (const row of below) {
    if (Number(row.nonce) !== next - 1) break;
    next -= 1;
  }
  await trx
    .deleteFrom('server_wallet_released_nonces')
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .where('nonce', '>=', next)
    .execute();
  await trx
    .updateTable('server_wallet_nonces')
    .set({ next_nonce: next, updated_at: now })
    .where('wallet_id', '=', walletId)
    .where('caip2', '=', caip2)
    .execute();
}
