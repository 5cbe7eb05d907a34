import type { Kysely, Migration } from 'kysely';

/** The admin feature's table (tables.ts): dashboard sessions. */
export const adminMigrations: Record<string, Migration> = {
  '0015_admin_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_sessions_expiry')
        .on('admin_sessions')
        .column('expires_at')
        .execute();
    },
  },
};
