import type { Kysely, Migration } from 'kysely';

/** The OAuth feature's tables (tables.ts). */
export const oauthMigrations: Record<string, Migration> = {
  '0010_oauth': {
    async up(db: Kysely<unknown>) {
      // A login sent to a provider: found by the SHA-256 of the state the provider returns, once.
      await db.schema
        .createTable('oauth_requests')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('flow_id', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('redirect_to', 'text', (c) => c.notNull())
        .addColumn('client_state', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('provider_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('oauth_requests_expiry')
        .on('oauth_requests')
        .column('expires_at')
        .execute();
      // The code the callback hands the client: stored as its SHA-256, spent once.
      await db.schema
        .createTable('oauth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('flow_id', 'text', (c) => c.notNull().unique())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('client_state', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('provider_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text')
        .addColumn('provider_code', 'text')
        .addColumn('provider_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_codes_expiry').on('oauth_codes').column('expires_at').execute();
    },
  },
};
