import type { Kysely, Migration } from 'kysely';

/** The key-transport tables (tables.ts). */
export const hpkeMigrations: Record<string, Migration> = {
  '0021_server_wallet_user_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_wallet_user_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        // A deleted session (or user, through its sessions) takes its keys with it.
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      // Authorization reads a user's live keys; authenticate trims a user's oldest.
      await db.schema
        .createIndex('server_wallet_user_keys_user')
        .on('server_wallet_user_keys')
        .columns(['app_id', 'user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('server_wallet_user_keys_session')
        .on('server_wallet_user_keys')
        .column('session_id')
        .execute();
      await db.schema
        .createIndex('server_wallet_user_keys_expiry')
        .on('server_wallet_user_keys')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('server_wallet_imports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('address_key', 'text', (c) => c.notNull())
        .addColumn('private_key_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('server_wallet_imports_address')
        .on('server_wallet_imports')
        .columns(['app_id', 'chain_type', 'address_key', 'created_at'])
        .execute();
      await db.schema
        .createIndex('server_wallet_imports_expiry')
        .on('server_wallet_imports')
        .column('expires_at')
        .execute();
    },
  },
};
