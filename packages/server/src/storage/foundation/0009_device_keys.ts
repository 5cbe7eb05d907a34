import type { Kysely, Migration } from 'kysely';

export const m0009DeviceKeys: Migration = {
  async up(db: Kysely<unknown>) {
    // The wallet frames' device keys (DPoP, RFC 9449): only an enrolled device receives share
    // material. One row per user and key thumbprint.
    await db.schema
      .createTable('wallet_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('jkt', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('wallet_devices_key', ['app_id', 'user_id', 'jkt'])
      .execute();
    // Spent proof ids, kept as long as a proof carrying them could still be accepted.
    await db.schema
      .createTable('dpop_proofs')
      .addColumn('jti_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dpop_proofs_expiry').on('dpop_proofs').column('expires_at').execute();
    // Single-use nonces for wallet key proofs (create, add, import, change of recovery).
    await db.schema
      .createTable('key_proof_nonces')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('key_proof_nonces_expiry')
      .on('key_proof_nonces')
      .column('expires_at')
      .execute();
    // Proof of a user-passcode wallet's password (sealed); null for other methods and older rows.
    await db.schema.alterTable('wallet_entropies').addColumn('recovery_password_verifier', 'text').execute();
  },
};
