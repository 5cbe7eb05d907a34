import type { Kysely, Migration } from 'kysely';

/** The transactions part's tables (tables.ts): sends, nonces, the watcher's state, deposits; then registered assets' transfers and Solana cursors. */
export const transactionMigrations: Record<string, Migration> = {
  '0020_server_wallet_transactions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_wallet_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transaction_hash', 'text', (c) => c.notNull())
        .addColumn('nonce', 'bigint')
        .addColumn('raw_transaction', 'text', (c) => c.notNull())
        .addColumn('transaction_request', 'text', (c) => c.notNull())
        .addColumn('reference_id', 'text')
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text')
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('block_number', 'bigint')
        .addColumn('block_timestamp', 'bigint')
        .addColumn('broadcast_at', 'bigint')
        .addColumn('missing_since', 'bigint')
        .addColumn('still_pending_sent', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The watcher's work list; a wallet's history; `?reference_id=`; `?tx_hash=`.
      await db.schema
        .createIndex('server_wallet_transactions_status')
        .on('server_wallet_transactions')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('server_wallet_transactions_wallet')
        .on('server_wallet_transactions')
        .columns(['wallet_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('server_wallet_transactions_reference')
        .on('server_wallet_transactions')
        .columns(['app_id', 'reference_id'])
        .execute();
      await db.schema
        .createIndex('server_wallet_transactions_hash')
        .on('server_wallet_transactions')
        .columns(['transaction_hash'])
        .execute();

      await db.schema
        .createTable('server_wallet_nonces')
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('next_nonce', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('server_wallet_nonces_pk', ['wallet_id', 'caip2'])
        .execute();
      await db.schema
        .createTable('server_wallet_released_nonces')
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('nonce', 'bigint', (c) => c.notNull())
        .addColumn('released_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('server_wallet_released_nonces_pk', ['wallet_id', 'caip2', 'nonce'])
        .execute();

      await db.schema
        .createTable('chain_watcher_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('last_block', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('server_wallet_deposits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('transaction_hash', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('block_timestamp', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // A block scanned twice (a lease handed over mid-pass) records a deposit once.
        .addUniqueConstraint('server_wallet_deposits_once', ['wallet_id', 'caip2', 'transaction_hash'])
        .execute();
      await db.schema
        .createIndex('server_wallet_deposits_wallet')
        .on('server_wallet_deposits')
        .columns(['wallet_id', 'created_at', 'id'])
        .execute();
    },
  },
  '0022_server_wallet_asset_transfers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_wallet_asset_transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('transaction_hash', 'text', (c) => c.notNull())
        .addColumn('transfer_index', 'integer', (c) => c.notNull())
        .addColumn('asset_type', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('decimals', 'integer')
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('block_timestamp', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // A block or signature read twice (a lease handed over mid-pass) records a transfer once.
        .addUniqueConstraint('server_wallet_asset_transfers_once', [
          'wallet_id',
          'caip2',
          'transaction_hash',
          'direction',
          'asset',
          'transfer_index',
        ])
        .execute();
      await db.schema
        .createIndex('server_wallet_asset_transfers_wallet')
        .on('server_wallet_asset_transfers')
        .columns(['wallet_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('server_wallet_solana_watch')
        .addColumn('wallet_id', 'text', (c) =>
          c.notNull().references('server_wallets.id').onDelete('cascade'),
        )
        .addColumn('caip2', 'text', (c) => c.notNull())
        .addColumn('cursors', 'text', (c) => c.notNull())
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('synced_at', 'bigint')
        .addPrimaryKeyConstraint('server_wallet_solana_watch_pk', ['wallet_id', 'caip2'])
        .execute();
    },
  },
};
