import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Runs a migration step atomically: PostgreSQL migrations already run in the migrator's
 * transaction (DDL is transactional there); SQLite's do not, so one is opened.
 */
export async function inTransaction(db: Kysely<unknown>, step: (trx: Kysely<unknown>) => Promise<void>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return step(db);
  await db.transaction().execute(step);
}
