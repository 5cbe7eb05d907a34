import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kysely,
  type Dialect as KyselyDialect,
  type Migration,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import type pg from 'pg';
import { migrate } from './migrations.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import { preparingPool } from './prepared-statements.ts';
import { observeQueries, type QueryObserver } from './query-observer.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface StorageOptions {
  /** PostgreSQL connection string; when absent, the embedded SQLite file in `dataDir` is used. */
  databaseUrl?: string;
  /** Where the SQLite file lives. `:memory:` keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one schema each). */
  schema?: string;
  poolSize?: number;
  /** Told of every statement sent to the database (tests that count statements per route). */
  onQuery?: QueryObserver;
  /**
   * PostgreSQL: name statements so each connection prepares them once (storage/prepared-statements.ts).
   * On unless false: `LATCHKEY_PG_PREPARED_STATEMENTS=off` for a pooler that cannot keep a
   * connection's prepared statements (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
}

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL connection pool (its use is a metric); none on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens the database named by the options and brings its schema up to date: the foundation's
 * migrations and the features' (`featureMigrations`, in the features' order).
 */
export async function openStorage(
  options: StorageOptions,
  featureMigrations: Record<string, Migration>[] = [],
): Promise<Storage> {
  if (options.databaseUrl) {
    if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error('Invalid schema name');
    const { createPostgresPool } = await import('./postgres-pool.ts');
    const pool = createPostgresPool(options.databaseUrl, options);
    if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
    const db = new Kysely<Database>({
      dialect: observed(
        new PostgresDialect({ pool: options.preparedStatements === false ? pool : preparingPool(pool) }),
        options,
      ),
    });
    await migrate(db as Kysely<unknown>, { postgres: true, featureMigrations });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? '.latchkey';
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    // Owner-only: the database holds hashed secrets and sealed keys.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, 'latchkey.sqlite');
  }
  const database = openNodeSqlite(file);
  const db = new Kysely<Database>({ dialect: observed(new SqliteDialect({ database }), options) });
  const close = async () => {
    await db.destroy();
    await database.stopCheckpointer();
  };
  try {
    await migrate(db as Kysely<unknown>, { featureMigrations });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect: 'sqlite', close };
}

const observed = (dialect: KyselyDialect, options: StorageOptions): KyselyDialect =>
  options.onQuery ? observeQueries(dialect, options.onQuery) : dialect;

/** True when an error is a unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return e.code === 'ERR_SQLITE_ERROR' && /UNIQUE constraint failed/.test(e.message ?? '');
}
