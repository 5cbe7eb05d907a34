import type { Kysely, Migration } from 'kysely';

/**
 * Drops two indexes every sign-up paid for and no query reads (issue 17): each one is another B-tree
 * written per row, and on SQLite another page appended to the WAL per commit.
 * - `users_app` (app_id) is a prefix of `users_app_created` (app_id, created_at, id), which serves
 *   every lookup by app.
 * - `outbox_pending` (delivered_at, created_at) indexed the outbox's first delivery column; the
 *   webhook worker reads `outbox_undispatched` (dispatched_at, seq) since the webhooks feature.
 */
export const m0016LeanWriteIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_app').ifExists().execute();
    await db.schema.dropIndex('outbox_pending').ifExists().execute();
  },
};
