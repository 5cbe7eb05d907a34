import type { Kysely, Migration } from 'kysely';

export const m0003AccountTransfers: Migration = {
  async up(db: Kysely<unknown>) {
    // Nonces handed out with account_transfer_required: single use, expiring, bound to the user
    // they were issued to and the account they name. Only the SHA-256 of a nonce is stored.
    await db.schema
      .createTable('account_transfers')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('account_type', 'text', (c) => c.notNull())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('from_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_transfers_expiry')
      .on('account_transfers')
      .columns(['app_id', 'expires_at'])
      .execute();
  },
};
