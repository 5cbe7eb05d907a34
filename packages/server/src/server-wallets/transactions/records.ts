import type { TransactionRecord, TransactionStatus, TransactionWebhookEvent } from '@latchkey/protocol';
import type { Selectable, Transaction } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../storage/schema.ts';
import { recordTransactionEvents } from './events.ts';
import type { RecordStatus, ServerWalletTransactionsTable } from './tables.ts';

export type TransactionRow = Selectable<ServerWalletTransactionsTable>;

/**
 * Milliseconds on the server's clock: `ctx.now()` (seconds, which tests move forward) with the
 * wall clock's milliseconds, so the watcher's thresholds follow a moved clock.
 */
export const nowMs = (ctx: Pick<ServerContext, 'now'>): number => ctx.now() * 1000 + (Date.now() % 1000);

/** The status the API shows: the pre-broadcast `signed` is `pending`. */
export const wireStatus = (status: RecordStatus): TransactionStatus =>
  status === 'signed' ? 'pending' : status;

/** `GET /transactions/:id`'s shape. */
export const wireRecord = (row: TransactionRow): TransactionRecord => ({
  id: row.id,
  wallet_id: row.wallet_id,
  caip2: row.caip2,
  transaction_hash: row.transaction_hash,
  status: wireStatus(row.status),
  created_at: Number(row.created_at),
  reference_id: row.reference_id,
  sponsored: false,
});

/** A `transaction.*` webhook's body for a record. */
export function transactionEvent(
  row: TransactionRow,
  type: TransactionWebhookEvent['type'],
): TransactionWebhookEvent {
  const event: TransactionWebhookEvent = {
    type,
    transaction_id: row.id,
    transaction_hash: row.transaction_hash,
    caip2: row.caip2,
    wallet_id: row.wallet_id,
    reference_id: row.reference_id,
  };
  if (type === 'transaction.still_pending')
    event.transaction_request = JSON.parse(row.transaction_request) as Record<string, unknown>;
  return event;
}

/**
 * Moves a record from one status to another and writes its webhook in the same transaction; does
 * nothing (and returns false) when the record is no longer in `from` (another watcher or the send
 * itself moved it first), so each change and its event happen once.
 */
export async function moveStatus(
  ctx: Pick<ServerContext, 'now'>,
  trx: Transaction<Database>,
  row: TransactionRow,
  from: readonly RecordStatus[],
  to: RecordStatus,
  changes: Partial<Pick<TransactionRow, 'block_number' | 'block_timestamp' | 'broadcast_at'>> = {},
): Promise<boolean> {
  const now = nowMs(ctx);
  const result = await trx
    .updateTable('server_wallet_transactions')
    .set({ status: to, updated_at: now, missing_since: null, ...changes })
    .where('id', '=', row.id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (to !== 'signed')
    await recordTransactionEvents(trx, row.app_id, ctx.now(), [
      transactionEvent({ ...row, status: to }, `transaction.${to}`),
    ]);
  return true;
}
