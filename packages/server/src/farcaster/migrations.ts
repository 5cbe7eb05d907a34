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
  '0025_farcaster_signer_requests': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('farcaster_signer_requests')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('user_fid', 'bigint', (c) => c.notNull())
        .addColumn('request_fid', 'bigint', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('deeplink_url', 'text', (c) => c.notNull())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // A key belongs to one user of an app: a second user's init of it is refused.
        .addPrimaryKeyConstraint('farcaster_signer_requests_pk', ['app_id', 'public_key'])
        .execute();
      // User deletion, and a login's signer_public_key, find a user's.
      await db.schema
        .createIndex('farcaster_signer_requests_user')
        .on('farcaster_signer_requests')
        .columns(['app_id', 'user_id'])
        .execute();
    },
  },
};
