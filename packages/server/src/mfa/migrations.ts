import type { Kysely, Migration } from 'kysely';

/** The MFA feature's tables (storage/tables/mfa.ts). */
export const mfaMigrations: Record<string, Migration> = {
  '0012_mfa': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_factors')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('phone_display', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_last_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('enrolled_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addUniqueConstraint('mfa_factors_user_type', ['user_id', 'type'])
        .execute();
      await db.schema.createIndex('mfa_factors_expiry').on('mfa_factors').column('expires_at').execute();
      await db.schema
        .createTable('mfa_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mfa_tokens_expiry').on('mfa_tokens').column('expires_at').execute();
    },
  },
};
