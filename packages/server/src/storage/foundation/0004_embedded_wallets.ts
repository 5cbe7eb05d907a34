import type { Kysely, Migration } from 'kysely';

export const m0004EmbeddedWallets: Migration = {
  async up(db: Kysely<unknown>) {
    // One entropy per user (all their embedded wallets, every chain and index). The server holds
    // only shares it cannot combine alone: the auth share and the recovery key sealed with the
    // secret box, the recovery share as the frame encrypted it (sealed again here).
    await db.schema
      .createTable('wallet_entropies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entropy_id', 'text', (c) => c.notNull())
      .addColumn('entropy_id_verifier', 'text', (c) => c.notNull())
      .addColumn('auth_share_sealed', 'text', (c) => c.notNull())
      .addColumn('recovery_method', 'text', (c) => c.notNull())
      .addColumn('encrypted_recovery_share', 'text', (c) => c.notNull())
      .addColumn('recovery_key_sealed', 'text')
      .addColumn('recovery_key_derivation_salt', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('wallet_entropies_user', ['app_id', 'user_id'])
      .addUniqueConstraint('wallet_entropies_entropy_id', ['app_id', 'entropy_id'])
      .execute();
  },
};
