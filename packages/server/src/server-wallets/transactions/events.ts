import type { TransactionWebhookEvent, WalletFundsWebhookEvent } from '@latchkey/protocol';
import type { Kysely, Transaction } from 'kysely';
import { randomId } from '../../crypto/random.ts';
import type { Database } from '../../storage/schema.ts';

/**
 * Writes `transaction.*` and `wallet.funds_*` events into the transactional outbox, in the same
 * database transaction as the status change they describe (webhooks/worker.ts delivers them).
 * The row is outbox/record-event.ts's; its `UserEventType` does not name these types yet.
 */
export async function recordTransactionEvents(
  db: Kysely<Database> | Transaction<Database>,
  appId: string,
  nowSeconds: number,
  events: (TransactionWebhookEvent | WalletFundsWebhookEvent)[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('outbox')
    .values(
      events.map((event) => ({
        id: randomId(25),
        app_id: appId,
        type: event.type,
        // Compact JSON: webhook verifiers re-serialise the parsed body (WIRE.md §7.6).
        payload: JSON.stringify(event),
        created_at: nowSeconds,
        delivered_at: null,
        attempts: 0,
      })),
    )
    .execute();
}
