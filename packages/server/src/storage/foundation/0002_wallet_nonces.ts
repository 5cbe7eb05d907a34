import type { Kysely, Migration } from 'kysely';

export const m0002WalletNonces: Migration = {
  async up(db: Kysely<unknown>) {
    // Sign-in-with-Ethereum / Solana nonces: issued for one address, single use, expiring.
    await db.schema
      .createTable('wallet_nonces')
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('chain_type', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wallet_nonces_pk', ['app_id', 'nonce'])
      .execute();
    await db.schema
      .createIndex('wallet_nonces_expiry')
      .on('wallet_nonces')
      .columns(['app_id', 'expires_at'])
      .execute();
  },
};
