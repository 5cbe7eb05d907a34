import type { TransactionWebhookEvent, WalletFundsWebhookEvent } from '@latchkey/protocol';
import type { Kysely, Transaction } from 'kysely';
import { recordEvents } from '../../outbox/record-event.ts';
import type { Database } from '../../storage/schema.ts';

/**
 * Writes `transaction.*` and `wallet.funds_*` events into the transactional outbox, in the same
 * database transaction as the status change they describe (webhooks/worker.ts delivers them).
 */
export async function recordTransactionEvents(
  db: Kysely<Database> | Transaction<Database>,
  appId: string,
  nowSeconds: number,
  events: (TransactionWebhookEvent | WalletFundsWebhookEvent)[],
): Promise<void> {
  if (events.length === 0) return;
  await recordEvents(
    db,
    appId,
    nowSeconds,
    // The payload is `{type, ...body}`: the event already carries its type.
    events.map((event) => ({ type: event.type, body: { ...event } })),
  );
}
