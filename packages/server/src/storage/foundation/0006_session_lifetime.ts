import { type Kysely, type Migration, sql } from 'kysely';

export const m0006SessionLifetime: Migration = {
  async up(db: Kysely<unknown>) {
    // Sessions end at an absolute time, however often their refresh token rotates. Sessions
    // opened before this get the lifetime they would have had: 30 days from their start.
    await db.schema.alterTable('sessions').addColumn('expires_at', 'bigint').execute();
    await sql`update sessions set expires_at = created_at + ${30 * 24 * 60 * 60}`.execute(db);
  },
};
