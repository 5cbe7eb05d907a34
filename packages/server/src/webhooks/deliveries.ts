import type { WebhookDelivery, WebhookDeliveryStatus } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

const statuses: WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

/** The delivery log of an endpoint, newest first: each delivery with its tries. */
export async function listDeliveries(
  ctx: ServerContext,
  endpointId: string,
  query: { limit?: string | undefined; status?: string | undefined },
): Promise<WebhookDelivery[]> {
  const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '', 10) || 50, 1), 100);
  const status = statuses.find((s) => s === query.status);
  let select = ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'o.type as event_type',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.delivered_at',
      'd.created_at',
    ])
    .where('d.endpoint_id', '=', endpointId);
  if (status) select = select.where('d.status', '=', status);
  const rows = await select
    .orderBy('d.created_at', 'desc')
    .orderBy('d.event_seq', 'desc')
    .limit(limit)
    .execute();
  const attempts = rows.length
    ? await ctx.db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    log: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        attempt: a.attempt,
        status_code: a.status_code,
        latency_ms: a.latency_ms,
        response_excerpt: a.response_excerpt,
        error: a.error,
        created_at: a.created_at,
      })),
  }));
}

/**
 * Manual resend: the delivery is due again now, whatever its state (a dead letter, or one delivered
 * that the receiver lost). One more try; if it fails, the schedule goes on from its count of tries.
 */
export async function resendDelivery(
  ctx: ServerContext,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, claimed_until: null, claimed_by: null, updated_at: now })
    .where('id', '=', deliveryId.slice(0, 64))
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ApiError('not_found', 'Webhook delivery not found.');
}

/** Deliveries still to be made, across apps: the `latchkey_webhook_queue_depth` gauge (server.ts). */
export async function countPendingDeliveries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
