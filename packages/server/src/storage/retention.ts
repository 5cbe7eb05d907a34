import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { ServerSettings } from '../settings.ts';
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

/** Rows past their `expires_at`: the rule of most entries. */
export const pastExpiry = ({ now }: SweepClock): Expression<SqlBool> => sql<SqlBool>`expires_at <= ${now}`;

/** Seconds in a day, for retention windows given in days. */
export const secondsPerDay = 24 * 60 * 60;

/**
 * The foundation's tables that only grow unless swept (schema.ts); each feature sweeps its own
 * (`Feature.sweeps`), and the server sweeps both lists (features.ts `sweepEntries`). Each
 * condition must only select rows nothing reads any more; deleting is idempotent, so replicas may
 * sweep at once.
 */
export const foundationSweeps: SweepEntry[] = [
  { table: 'verification_codes', expired: pastExpiry },
  // A window that has ended counts nothing any more (codes/verification-codes.ts opens a new one).
  { table: 'verification_attempts', expired: ({ now }) => sql<SqlBool>`window_ends_at <= ${now}` },
  // Reuse detection (sessions/session-service.ts `rotate`) answers a token past its own expires_at
  // with `clear` before it looks at rotated_at, so a rotated token is only ever recognised as reused
  // until then: it is kept exactly that long. Deleted afterwards, it answers 'Invalid refresh token.'
  // (missing_or_invalid_token) instead of `clear`; both end the client's session.
  { table: 'refresh_tokens', expired: pastExpiry },
  // Both also prune per app when issuing, so these stay small between sweeps.
  { table: 'wallet_nonces', expired: pastExpiry },
  { table: 'account_transfers', expired: pastExpiry },
  // A session past its absolute end authenticates nothing (sessions/session-service.ts); its refresh
  // tokens go with it (ON DELETE CASCADE).
  { table: 'sessions', expired: pastExpiry },
];

/**
 * Deletes what every entry selects as expired, now, and returns the rows deleted per table.
 * The server runs it periodically (`startRetentionSweeps`) over the foundation's and every
 * feature's entries (features.ts `sweepEntries`); tests call it directly with the same list.
 */
export async function sweepExpired(
  ctx: SweepContext,
  entries: readonly SweepEntry[],
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
 * Sweeps `entries` every `intervalMs` (jittered) until stopped. The timer is unref'd, so it never keeps the
 * process alive; `stop` waits for a sweep in progress, so storage can be closed after it.
 */
export function startRetentionSweeps(
  ctx: SweepContext & { log: Logger },
  entries: readonly SweepEntry[],
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
    running = sweepExpired(ctx, entries)
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
