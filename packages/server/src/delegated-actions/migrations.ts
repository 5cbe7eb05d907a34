import type { Kysely, Migration } from 'kysely';

/** The delegated-actions tables (tables.ts). */
export const delegatedActionsMigrations: Record<string, Migration> = {
  '0023_delegated_actions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('delegated_wallets')
        .addColumn('wallet_id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('address_key', 'text', (c) => c.notNull())
        .addColumn('wallet_index', 'integer', (c) => c.notNull())
        .addColumn('imported', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('owner_quorum_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        // One delegation per wallet address of an app: a new consent renews or restores it.
        .addUniqueConstraint('delegated_wallets_address', ['app_id', 'chain_type', 'address_key'])
        .execute();
      // Revoke and user deletion find a user's; the sweep finds the expired.
      await db.schema
        .createIndex('delegated_wallets_user')
        .on('delegated_wallets')
        .columns(['app_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('delegated_wallets_expiry')
        .on('delegated_wallets')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('delegation_inits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('delegation_inits_key')
        .on('delegation_inits')
        .columns(['app_id', 'user_id', 'public_key'])
        .execute();
      await db.schema
        .createIndex('delegation_inits_expiry')
        .on('delegation_inits')
        .column('expires_at')
        .execute();
    },
  },
};
