import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

export const m0005ImportedWallets: Migration = {
  async up(db: Kysely<unknown>) {
    // An imported private key is split like an entropy and is its own entropy (named by its
    // address), so a user may now have several rows: still one HD entropy (imported = 0), plus
    // one per imported key.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.schema
        .alterTable('wallet_entropies')
        .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('wallet_entropies').dropConstraint('wallet_entropies_user').execute();
    } else {
      // SQLite cannot drop a constraint: the table is rebuilt and the rows copied
      // (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes").
      await db.transaction().execute(async (trx) => {
        await trx.schema
          .createTable('wallet_entropies_next')
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
          .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('wallet_entropies_entropy_id', ['app_id', 'entropy_id'])
          .execute();
        await sql`insert into wallet_entropies_next
          (id, app_id, user_id, entropy_id, entropy_id_verifier, auth_share_sealed, recovery_method,
           encrypted_recovery_share, recovery_key_sealed, recovery_key_derivation_salt, created_at,
           updated_at, imported)
          select id, app_id, user_id, entropy_id, entropy_id_verifier, auth_share_sealed, recovery_method,
           encrypted_recovery_share, recovery_key_sealed, recovery_key_derivation_salt, created_at,
           updated_at, 0
          from wallet_entropies`.execute(trx);
        await trx.schema.dropTable('wallet_entropies').execute();
        await trx.schema.alterTable('wallet_entropies_next').renameTo('wallet_entropies').execute();
      });
    }
    // One HD entropy per user, as before; imported keys are not counted.
    await sql`create unique index wallet_entropies_user on wallet_entropies (app_id, user_id) where imported = 0`.execute(
      db,
    );
  },
};
