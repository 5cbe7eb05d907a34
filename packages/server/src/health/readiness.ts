import { type Kysely, sql } from 'kysely';
import type { ServerContext } from '../context.ts';
import { appliedMigrations } from '../storage/migrations.ts';

/** How long the database has to answer a readiness check before the server counts as not ready. */
export const readinessTimeoutMs = 2000;

export type Readiness =
  | { ready: true }
  | { ready: false; reason: 'database_unreachable' | 'migrations_pending'; detail: string };

/**
 * Ready to take traffic: the database answers a trivial query, and every migration this build
 * has is applied (a replica of a newer build waits for its schema). The detail names what failed,
 * never a connection string or a credential.
 */
export async function checkReadiness(ctx: ServerContext): Promise<Readiness> {
  const db = ctx.db as Kysely<unknown>;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${readinessTimeoutMs} ms`)),
      readinessTimeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } catch (error) {
    clearTimeout(timer);
    return { ready: false, reason: 'database_unreachable', detail: databaseFailure(error) };
  }
  try {
    const applied = await Promise.race([appliedMigrations(db), timeout]);
    const pending = ctx.migrations.filter((name) => !applied.has(name));
    if (pending.length > 0)
      return { ready: false, reason: 'migrations_pending', detail: `not applied: ${pending.join(', ')}` };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: 'database_unreachable', detail: databaseFailure(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A failure's kind (an errno code, a timeout), not its message: driver messages may quote the connection. */
function databaseFailure(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && typeof e.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(e.code)) return e.code;
  if (e && typeof e.message === 'string' && e.message.startsWith('no answer within')) return e.message;
  return 'database error';
}
