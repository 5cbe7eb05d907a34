import { type Compilable, type Kysely, type OperationNodeSource, sql } from 'kysely';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';

/** A write whose result nobody reads: an insert, update or delete built on any Kysely instance. */
export type Write = Compilable & OperationNodeSource;

/**
 * Runs writes that stand or fall together (a sign-up's user, account, events, session and refresh
 * token), in order, as one atomic unit:
 *
 * - On PostgreSQL they are one statement, each write a data-modifying CTE (`with w0 as (insert …),
 *   w1 as (…) select 1`): one round trip instead of a `begin`, one per write and a `commit`. Every
 *   write runs to completion whether or not anything reads it, and a failure of any (a unique
 *   violation) fails them all. The writes see the same snapshot, not each other's rows, so none may
 *   depend on another's effect (foreign keys are fine: they are checked at the statement's end).
 * - On SQLite (in-process, no data-modifying CTEs) they run one after another in a transaction.
 *
 * Given a transaction, they run inside it.
 */
export async function writeTogether(db: Kysely<Database>, dialect: Dialect, writes: Write[]): Promise<void> {
  if (writes.length === 0) return;
  if (dialect === 'postgres') {
    const ctes = writes.map((write, i) => sql`${sql.id(`w${i}`)} as (${write})`);
    await sql`with ${sql.join(ctes)} select 1`.execute(db);
    return;
  }
  if (db.isTransaction) {
    for (const write of writes) await db.executeQuery(write.compile());
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const write of writes) await trx.executeQuery(write.compile());
  });
}
