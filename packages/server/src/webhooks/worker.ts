import { sql } from 'kysely';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { refusedWebhookAddress } from './address-policy.ts';
import { openEndpointSecret, subscribes } from './endpoints.ts';
import { maxAttempts, nextAttemptAt } from './retry-schedule.ts';
import { createSender, type SendResult } from './send-webhook.ts';
import { signedHeaders } from './signing.ts';
import type { WebhookEndpointsTable } from './tables.ts';

/** Events fanned out per transaction. */
const dispatchBatch = 200;

interface Claimed {
  id: string;
  app_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
}

export interface WebhookWorker {
  /** Runs a pass now (fan-out, then claims up to the free slots) and waits for its sends. */
  drain(): Promise<void>;
  /** Looks for work soon, without waiting. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox (outbox/record-event.ts) to the apps' webhook endpoints, in the background of
 * every server process; the API never waits for it.
 *
 * 1. Fan-out: events not yet dispatched are taken in one transaction (`FOR UPDATE SKIP LOCKED` on
 *    PostgreSQL, so processes take different events; SQLite has one writer), a delivery row is
 *    written per subscribed enabled endpoint (unique per event and endpoint), and the event is
 *    marked dispatched. A crash rolls all of it back.
 * 2. Delivery: due rows are claimed with a lease (`claimed_until`), again with SKIP LOCKED, and sent
 *    with bounded concurrency. The outcome is written only by the claimant; a process that dies
 *    mid-send leaves its rows claimed until the lease ends, then any process sends them again
 *    (at least once; the event id lets receivers dedupe).
 * 3. A failed try is retried on the schedule of retry-schedule.ts, then dead-lettered (`failed`).
 */
export function startWebhookWorker(ctx: ServerContext): WebhookWorker {
  const { settings } = ctx;
  const workerId = randomId(16);
  const sender = createSender({
    refused: refusedWebhookAddress(settings),
    timeoutMs: settings.webhookTimeoutMs,
  });
  const postgres = ctx.dialect === 'postgres';
  const skipLocked = postgres ? sql` for update skip locked` : sql``;
  const abort = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function dispatch(): Promise<number> {
    return ctx.db.transaction().execute(async (trx) => {
      const { rows: events } = await sql<{
        id: string;
        app_id: string;
        type: string;
        created_at: number;
        seq: number;
      }>`
        select id, app_id, type, created_at, seq from outbox where dispatched_at is null
        order by seq limit ${dispatchBatch}${skipLocked}`.execute(trx);
      if (events.length === 0) return 0;
      const appIds = [...new Set(events.map((e) => e.app_id))];
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'app_id', 'event_types', 'created_at'])
        .where('app_id', 'in', appIds)
        .where('enabled', '=', 1)
        .execute();
      const now = ctx.now();
      const rows = events.flatMap((event) =>
        endpoints
          // An endpoint gets the events of its lifetime only.
          .filter(
            (e) => e.app_id === event.app_id && e.created_at <= event.created_at && subscribes(e, event.type),
          )
          .map((endpoint) => ({
            id: randomId(25),
            app_id: event.app_id,
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_seq: Number(event.seq),
            status: 'pending',
            attempts: 0,
            next_attempt_at: now,
            claimed_until: null,
            claimed_by: null,
            delivered_at: null,
            created_at: now,
            updated_at: now,
          })),
      );
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(i, i + 100))
          .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
          .execute();
      await trx
        .updateTable('outbox')
        .set({ dispatched_at: now })
        .where(
          'id',
          'in',
          events.map((e) => e.id),
        )
        .execute();
      return events.length;
    });
  }

  async function claim(limit: number): Promise<Claimed[]> {
    const now = ctx.now();
    const { rows } = await sql<Claimed>`
      update webhook_deliveries set claimed_until = ${now + settings.webhookLeaseSeconds},
        claimed_by = ${workerId}, updated_at = ${now}
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now}
          and (claimed_until is null or claimed_until <= ${now})
        order by next_attempt_at, event_seq limit ${limit}${skipLocked})
      returning id, app_id, endpoint_id, event_id, attempts`.execute(ctx.db);
    return rows;
  }

  async function deliver(row: Claimed): Promise<void> {
    const [endpoint, event] = await Promise.all([
      ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', row.endpoint_id).executeTakeFirst(),
      ctx.db.selectFrom('outbox').select(['id', 'payload']).where('id', '=', row.event_id).executeTakeFirst(),
    ]);
    if (!endpoint || !event) return; // deleted meanwhile: its deliveries went with it
    const result = endpoint.enabled
      ? await send(endpoint, event.id, event.payload)
      : { statusCode: null, latencyMs: 0, excerpt: null, error: 'endpoint disabled' };
    // Stopping mid-send: the try is not counted; the lease brings the row back.
    if (result.error === 'aborted') return;
    await record(row, result, endpoint.enabled === 1);
  }

  function send(endpoint: WebhookEndpointsTable, eventId: string, payload: string): Promise<SendResult> {
    let headers: Record<string, string>;
    try {
      // The signature's time is the wall clock (receivers compare it with theirs), not the
      // scheduling clock that tests move.
      headers = signedHeaders(openEndpointSecret(ctx, endpoint), eventId, payload, new Date());
    } catch {
      return Promise.resolve({ statusCode: null, latencyMs: 0, excerpt: null, error: 'secret unreadable' });
    }
    return sender.send(endpoint.url, headers, payload, abort.signal);
  }

  async function record(row: Claimed, result: SendResult, enabled: boolean): Promise<void> {
    const now = ctx.now();
    const attempt = row.attempts + 1;
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retryAt = ok || !enabled ? null : nextAttemptAt(now, attempt);
    const status = ok ? 'delivered' : retryAt === null || attempt >= maxAttempts ? 'failed' : 'pending';
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: randomId(25),
          app_id: row.app_id,
          endpoint_id: row.endpoint_id,
          delivery_id: row.id,
          attempt,
          status_code: result.statusCode,
          latency_ms: result.latencyMs,
          response_excerpt: result.excerpt,
          error: result.error,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status,
          attempts: attempt,
          next_attempt_at: retryAt ?? now,
          delivered_at: ok ? now : null,
          claimed_until: null,
          claimed_by: null,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('claimed_by', '=', workerId)
        .execute();
    });
    ctx.metrics.webhookDelivery(status === 'pending' ? 'retried' : status);
  }

  /** One pass: fan out, then fill the free slots with due deliveries. */
  async function runPass(): Promise<void> {
    while (!stopped && (await dispatch()) === dispatchBatch) {}
    while (!stopped) {
      const free = settings.webhookConcurrency - inFlight.size;
      if (free <= 0) break;
      const rows = await claim(free);
      for (const row of rows) {
        const sending: Promise<void> = deliver(row)
          .catch((error: unknown) => ctx.log.error('webhook delivery failed', { error: String(error) }))
          .finally(() => {
            inFlight.delete(sending);
            // A free slot: look for more at once.
            if (!stopped) wake();
          });
        inFlight.add(sending);
      }
      if (rows.length < free) break;
    }
  }

  function wake(): void {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = runPass()
      .catch((error: unknown) => {
        if (!stopped) ctx.log.error('webhook worker pass failed', { error: String(error) });
      })
      .finally(() => {
        pass = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  const tick = () => {
    wake();
    timer = setTimeout(tick, settings.webhookPollMs);
    timer.unref();
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    async drain() {
      wake();
      while (pass || inFlight.size > 0) await Promise.all([pass, ...inFlight]);
    },
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await pass;
      await Promise.all(inFlight);
      sender.close();
    },
  };
}
