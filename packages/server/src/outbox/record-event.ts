import type { WebhookEventType } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { randomId } from '../crypto/random.ts';
import type { Database } from '../storage/schema.ts';
import { insertOf, type RowsInsert } from '../storage/write-together.ts';

/**
 * Event types written for webhook delivery: every type an endpoint may subscribe to (the protocol's
 * `webhookEventTypes`: spec document 1 §3's user, wallet and MFA events, and server wallets'
 * `transaction.*` and `wallet.funds_*`).
 */
export type UserEventType = WebhookEventType;

/**
 * Writes an event into the transactional outbox. Call it with the same transaction as the change
 * it describes, so an event exists exactly when the change does; webhooks/worker.ts delivers them.
 */
export function recordEvent(
  db: Kysely<Database>,
  appId: string,
  type: UserEventType,
  body: Record<string, unknown>,
  now: number,
): Promise<void> {
  return recordEvents(db, appId, now, [{ type, body }]);
}

/**
 * Writes events of one change into the outbox in one statement (a sign-up's `user.created` and
 * `user.authenticated`), in this order: the outbox's sequence numbers them as listed.
 */
export async function recordEvents(
  db: Kysely<Database>,
  appId: string,
  now: number,
  events: OutboxEvent[],
): Promise<void> {
  await insertOf(db, eventsInsert(appId, now, events)).execute();
}

export interface OutboxEvent {
  type: UserEventType;
  body: Record<string, unknown>;
}

/** The rows `recordEvents` inserts, for a caller that sends them with other writes (storage/write-together.ts). */
export function eventsInsert(appId: string, now: number, events: OutboxEvent[]): RowsInsert<'outbox'> {
  return {
    into: 'outbox',
    rows: events.map(({ type, body }) => ({
      id: randomId(25),
      app_id: appId,
      type,
      // Compact JSON: webhook verifiers re-serialise the parsed body (WIRE.md §7.6).
      payload: JSON.stringify({ type, ...body }),
      created_at: now,
      delivered_at: null,
      attempts: 0,
    })),
  };
}
