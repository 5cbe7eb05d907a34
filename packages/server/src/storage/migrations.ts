import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { foundationMigrations } from './foundation/index.ts';

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
  // Kysely's check for its own tables introspects every schema of the database, so DDL another client
  // runs in its own schema at that moment can fail it: a schema dropped (3F000), or a table or column
  // renamed or dropped while the catalogue is read (42P01, 42703; both seen between parallel test
  // files). That check comes before any migration (no `results`), so nothing of ours ran: try again.
  for (let attempt = 1; attempt < 5 && error && results === undefined && concurrentDdl(error); attempt++)
    ({ error, results } = await run());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}

/** invalid_schema_name, undefined_table, undefined_column: another client's DDL under a catalogue read. */
const concurrentDdlCodes = new Set(['3F000', '42P01', '42703']);
const concurrentDdl = (error: unknown) =>
  concurrentDdlCodes.has((error as { code?: string } | null)?.code ?? '');

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
