import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';

/**
 * One migration set for both dialects. Column types are the portable subset: text, bigint
 * (SQLite gives it integer affinity) and the Kysely schema builder's constraints.
 *
 * The foundation's migrations: those written before features declared their own, several of
 * which touch the tables of several features. Their names and effects are fixed for good (Kysely
 * refuses a database whose executed migrations differ); a feature's new tables come with the
 * feature (`Feature.migrations`), named after these.
 */
const foundationMigrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('public_key_pem', 'text', (c) => c.notNull())
        .addColumn('private_key_encrypted', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('retired_at', 'bigint')
        .execute();
      await db.schema.createIndex('signing_keys_app').on('signing_keys').column('app_id').execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('has_accepted_terms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('custom_metadata', 'text')
        .execute();
      await db.schema.createIndex('users_app').on('users').column('app_id').execute();
      await db.schema
        .createTable('linked_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('first_verified_at', 'bigint', (c) => c.notNull())
        .addColumn('latest_verified_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // One owner per identifier per app: concurrent sign-ups of one email make one user.
        .addUniqueConstraint('linked_accounts_identity', ['app_id', 'type', 'identifier'])
        .execute();
      await db.schema.createIndex('linked_accounts_user').on('linked_accounts').column('user_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session')
        .on('refresh_tokens')
        .column('session_id')
        .execute();
      await db.schema
        .createTable('verification_codes')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // One live code per identifier: sending a new one replaces the old.
        .addPrimaryKeyConstraint('verification_codes_pk', ['app_id', 'channel', 'identifier'])
        .execute();
      await db.schema
        .createTable('allowlist')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('allowlist_entry', ['app_id', 'type', 'value'])
        .execute();
      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('event_name', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('payload', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('outbox_pending')
        .on('outbox')
        .columns(['delivered_at', 'created_at'])
        .execute();
    },
  },
  '0002_wallet_nonces': {
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
  },
  '0003_account_transfers': {
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
  },
  '0004_embedded_wallets': {
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
  },
  '0005_imported_wallets': {
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
  },
  '0006_session_lifetime': {
    async up(db: Kysely<unknown>) {
      // Sessions end at an absolute time, however often their refresh token rotates. Sessions
      // opened before this get the lifetime they would have had: 30 days from their start.
      await db.schema.alterTable('sessions').addColumn('expires_at', 'bigint').execute();
      await sql`update sessions set expires_at = created_at + ${30 * 24 * 60 * 60}`.execute(db);
    },
  },
  '0007_hardening': {
    async up(db: Kysely<unknown>) {
      // Several live codes per identifier (a resend no longer replaces the owner's code): the key
      // gains the code's hash, and wrong guesses move to a table of their own, counted per
      // identifier. The table is rebuilt (SQLite cannot change a primary key); live codes are kept.
      await inTransaction(db, async (trx) => {
        await trx.schema
          .createTable('verification_codes_next')
          .addColumn('app_id', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('identifier', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('verification_codes_code_pk', [
            'app_id',
            'channel',
            'identifier',
            'code_hash',
          ])
          .execute();
        await sql`insert into verification_codes_next
          (app_id, channel, identifier, code_hash, created_at, expires_at, seq)
          select app_id, channel, identifier, code_hash, created_at, expires_at, 1
          from verification_codes`.execute(trx);
        await trx.schema.dropTable('verification_codes').execute();
        await trx.schema.alterTable('verification_codes_next').renameTo('verification_codes').execute();
        await trx.schema
          .createIndex('verification_codes_expiry')
          .on('verification_codes')
          .column('expires_at')
          .execute();
        await trx.schema
          .createTable('verification_attempts')
          .addColumn('app_id', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('identifier', 'text', (c) => c.notNull())
          .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('verification_attempts_pk', ['app_id', 'channel', 'identifier'])
          .execute();
        await trx.schema
          .createIndex('verification_attempts_window')
          .on('verification_attempts')
          .column('window_ends_at')
          .execute();
        // What the retention sweeps (storage/retention.ts) look rows up by.
        await trx.schema
          .createIndex('refresh_tokens_expiry')
          .on('refresh_tokens')
          .column('expires_at')
          .execute();
        await trx.schema
          .createIndex('analytics_events_time')
          .on('analytics_events')
          .column('created_at')
          .execute();
        await trx.schema
          .createIndex('analytics_events_app')
          .on('analytics_events')
          .column('app_id')
          .execute();
        // Events stored per app, for the per-app cap; the events already stored are counted in.
        await trx.schema
          .createTable('analytics_event_counts')
          .addColumn('app_id', 'text', (c) => c.primaryKey())
          .addColumn('stored', 'integer', (c) => c.notNull())
          .execute();
        await sql`insert into analytics_event_counts (app_id, stored)
          select app_id, count(*) from analytics_events group by app_id`.execute(trx);
      });
    },
  },
  '0009_device_keys': {
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
      await db.schema
        .alterTable('wallet_entropies')
        .addColumn('recovery_password_verifier', 'text')
        .execute();
    },
  },
};

/**
 * Runs a migration step atomically: PostgreSQL migrations already run in the migrator's
 * transaction (DDL is transactional there); SQLite's do not, so one is opened.
 */
async function inTransaction(db: Kysely<unknown>, step: (trx: Kysely<unknown>) => Promise<void>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return step(db);
  await db.transaction().execute(step);
}

/** The foundation's migrations and the features', refusing a name declared twice. */
export function collectMigrations(
  featureMigrations: Record<string, Migration>[] = [],
): Record<string, Migration> {
  const all = { ...foundationMigrations };
  for (const declared of featureMigrations)
    for (const [name, migration] of Object.entries(declared)) {
      if (name in all) throw new Error(`Migration ${name} is declared twice`);
      all[name] = migration;
    }
  return all;
}

/**
 * Brings the schema up to date (or, with `to`, up to that migration: tests of a migration start
 * from the schema before it); safe to run from several replicas at once (Kysely takes a lock).
 */
export async function migrate(
  db: Kysely<unknown>,
  options: { postgres?: boolean; to?: string; featureMigrations?: Record<string, Migration>[] } = {},
): Promise<void> {
  const migrations = collectMigrations(options.featureMigrations);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // On PostgreSQL, pin Kysely's own tables to the schema being migrated (the first on search_path).
  // Unpinned, Kysely's "does kysely_migration exist" check matches that table in *any* schema of the
  // database, skips creating ours, and migrating a second schema (or one beside another Kysely app)
  // fails with `relation "kysely_migration_lock" does not exist`.
  const migrationTableSchema = options.postgres ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const run = () => (options.to ? migrator.migrateTo(options.to) : migrator.migrateToLatest());
  let { error, results } = await run();
  // Kysely's check for its own tables introspects every schema of the database; a schema another
  // client drops at that moment fails it with 3F000 (invalid_schema_name) naming that schema. Nothing
  // of ours ran (on PostgreSQL the migrations are one transaction), so try again.
  for (let attempt = 1; attempt < 5 && error && droppedSchemaRace(error); attempt++)
    ({ error, results } = await run());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}

/** PostgreSQL's invalid_schema_name: a schema vanished under a query that listed it. */
const droppedSchemaRace = (error: unknown) => (error as { code?: string } | null)?.code === '3F000';

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No schema on the PostgreSQL search_path exists; create it first');
  return schema;
}

export { sql };

/**
 * The names of the migrations the database has run (Kysely's table, in the schema on the search
 * path): readiness compares them with the build's, so a replica of a newer build waits for its schema.
 */
export async function appliedMigrations(db: Kysely<unknown>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.map((row) => row.name));
}
