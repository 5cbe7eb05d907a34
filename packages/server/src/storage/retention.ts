import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { ServerSettings } from '../settings.ts';
import { recountStoredEvents } from './analytics-counts.ts';
import type { Database } from './schema.ts';

/** What a sweep entry's condition may depend on. */
export interface SweepClock {
  /** Unix seconds. */
  now: number;
  settings: ServerSettings;
}

/** One table's retention rule: the rows `expired` selects are deleted; `after` runs next. */
export interface SweepEntry {
  table: keyof Database;
  expired: (clock: SweepClock) => Expression<SqlBool>;
  after?: (db: Kysely<Database>) => Promise<void>;
}

/** What a sweep needs of the server context (storage sits below context.ts, so it names it here). */
export interface SweepContext {
  db: Kysely<Database>;
  settings: ServerSettings;
  now(): number;
}

const day = 24 * 60 * 60;

/**
 * Every table that only grows unless swept. Add a table with one line. Each condition must only
 * select rows nothing reads any more; deleting is idempotent, so replicas may sweep at once.
 */
export const sweepEntries: SweepEntry[] = [
  { table: 'verification_codes', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // A window that has ended counts nothing any more (codes/verification-codes.ts opens a new one).
  { table: 'verification_attempts', expired: ({ now }) => sql<SqlBool>`window_ends_at <= ${now}` },
  // Reuse detection (sessions/session-service.ts `rotate`) answers a token past its own expires_at
  // with `clear` before it looks at rotated_at, so a rotated token is only ever recognised as reused
  // until then: it is kept exactly that long. Deleted afterwards, it answers 'Invalid refresh token.'
  // (missing_or_invalid_token) instead of `clear`; both end the client's session.
  { table: 'refresh_tokens', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // Both also prune per app when issuing, so these stay small between sweeps.
  { table: 'wallet_nonces', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  { table: 'account_transfers', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // A session past its absolute end authenticates nothing (sessions/session-service.ts); its refresh
  // tokens go with it (ON DELETE CASCADE).
  { table: 'sessions', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // Spent DPoP proof ids are kept only while a proof carrying them could still be accepted.
  { table: 'dpop_proofs', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  { table: 'key_proof_nonces', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // An OAuth login not finished in time, and codes never redeemed (oauth/).
  { table: 'oauth_requests', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  { table: 'oauth_codes', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // Passkey ceremony challenges: single use, minutes long (passkeys/challenges.ts).
  { table: 'passkey_challenges', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  // MFA tokens past their 5 minutes, and authenticator-app enrolments never finished (mfa/).
  { table: 'mfa_tokens', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now}` },
  {
    table: 'mfa_factors',
    expired: ({ now }) => sql<SqlBool>`enrolled_at is null and expires_at <= ${now}`,
  },
  // Webhook deliveries finished (delivered or dead-lettered) past the window, their log with them
  // (ON DELETE CASCADE); then the events no delivery waits for any more. A dead letter can be
  // resent until then.
  {
    table: 'webhook_deliveries',
    expired: ({ now, settings }) =>
      sql<SqlBool>`status <> 'pending' and updated_at <= ${now - settings.webhookRetentionDays * day}`,
  },
  {
    table: 'outbox',
    expired: ({ now, settings }) =>
      sql<SqlBool>`delivered_at is not null and delivered_at <= ${now - settings.webhookRetentionDays * day}
        and not exists (select 1 from webhook_deliveries d where d.event_id = outbox.id and d.status = 'pending')`,
  },
  {
    table: 'analytics_events',
    expired: ({ now, settings }) =>
      sql<SqlBool>`created_at <= ${now - settings.analyticsRetentionDays * day}`,
    after: recountStoredEvents,
  },
];

/**
 * Deletes what every entry selects as expired, now, and returns the rows deleted per table.
 * The server runs it periodically (`startRetentionSweeps`); tests call it directly.
 */
export async function sweepExpired(
  ctx: SweepContext,
  entries: SweepEntry[] = sweepEntries,
): Promise<Partial<Record<keyof Database, number>>> {
  const clock: SweepClock = { now: ctx.now(), settings: ctx.settings };
  const deleted: Partial<Record<keyof Database, number>> = {};
  for (const entry of entries) {
    const result = await ctx.db.deleteFrom(entry.table).where(entry.expired(clock)).executeTakeFirst();
    deleted[entry.table] = (deleted[entry.table] ?? 0) + Number(result.numDeletedRows);
    await entry.after?.(ctx.db);
  }
  return deleted;
}

/** How often each replica sweeps, give or take a quarter so that replicas drift apart. */
export const sweepIntervalMs = 10 * 60 * 1000;

/**
 * Sweeps every `intervalMs` (jittered) until stopped. The timer is unref'd, so it never keeps the
 * process alive; `stop` waits for a sweep in progress, so storage can be closed after it.
 */
export function startRetentionSweeps(
  ctx: SweepContext & { log: Logger },
  intervalMs: number = sweepIntervalMs,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, intervalMs * (0.75 + Math.random() / 2));
    timer.unref();
  };
  const run = () => {
    running = sweepExpired(ctx)
      .then((deleted) => {
        const total = Object.values(deleted).reduce((a, b) => a + b, 0);
        if (total > 0) ctx.log.info('retention sweep', deleted);
      })
      .catch((error: unknown) => ctx.log.error('retention sweep failed', { error: String(error) }))
      .finally(() => {
        running = null;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
