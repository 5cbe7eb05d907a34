import type { Kysely, Migration } from 'kysely';

/** The core server-wallet tables (tables.ts). The parts (policies, transactions, hpke) add their own. */
export const serverWalletMigrations: Record<string, Migration> = {
  '0018_server_wallets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('key_quorums')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('display_name', 'text')
        .addColumn('authorization_threshold', 'integer')
        .addColumn('authorization_keys', 'text', (c) => c.notNull())
        .addColumn('user_ids', 'text', (c) => c.notNull())
        .addColumn('key_quorum_ids', 'text', (c) => c.notNull())
        .addColumn('implicit', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('key_quorums_app').on('key_quorums').columns(['app_id', 'id']).execute();

      await db.schema
        .createTable('server_wallets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('address_key', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('owner_user_id', 'text')
        .addColumn('policy_ids', 'text', (c) => c.notNull())
        .addColumn('additional_signers', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text')
        .addColumn('external_id', 'text')
        .addColumn('key_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('exported_at', 'bigint')
        .addColumn('imported_at', 'bigint')
        .addColumn('archived_at', 'bigint')
        .addUniqueConstraint('server_wallets_app_address', ['app_id', 'chain_type', 'address_key'])
        .execute();
      // Lists go newest first by (created_at, id); `?user_id=` finds the user's quorums' wallets.
      await db.schema
        .createIndex('server_wallets_app_created')
        .on('server_wallets')
        .columns(['app_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('server_wallets_owner')
        .on('server_wallets')
        .columns(['owner_id'])
        .execute();
      await db.schema
        .createIndex('server_wallets_owner_user')
        .on('server_wallets')
        .columns(['app_id', 'owner_user_id'])
        .execute();
      await db.schema
        .createIndex('server_wallets_external')
        .on('server_wallets')
        .columns(['app_id', 'external_id'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['app_id', 'key_hash'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_expiry')
        .on('idempotency_keys')
        .column('expires_at')
        .execute();
    },
  },
};
