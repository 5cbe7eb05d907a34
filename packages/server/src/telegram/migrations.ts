import type { Kysely, Migration } from 'kysely';

/** The Telegram feature's tables (tables.ts). */
export const telegramMigrations: Record<string, Migration> = {
  '0017_telegram': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('telegram_proofs')
        .addColumn('proof_hash', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('telegram_proofs_expiry')
        .on('telegram_proofs')
        .column('expires_at')
        .execute();
    },
  },
};
