import type { Kysely, Migration } from 'kysely';

/**
 * The passkeys feature's tables. A passkey is a linked account (`type = 'passkey'`), so only the
 * ceremonies' challenges need a table of their own.
 */
export const passkeyMigrations: Record<string, Migration> = {
  '0011_passkeys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('ceremony', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('relying_party', 'text', (c) => c.notNull())
        .addColumn('user_handle', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expiry')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
  },
};
