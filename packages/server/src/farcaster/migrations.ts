import type { Kysely, Migration } from 'kysely';

/** The Farcaster feature's tables (tables.ts). */
export const farcasterMigrations: Record<string, Migration> = {
  '0024_farcaster': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('farcaster_channels')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.references('apps.id').onDelete('cascade'))
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('siwe_uri', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('accept_auth_address', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('completion', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('farcaster_channels_expiry')
        .on('farcaster_channels')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('farcaster_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('farcaster_nonces_expiry')
        .on('farcaster_nonces')
        .column('expires_at')
        .execute();
    },
  },
};
