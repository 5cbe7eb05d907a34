import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect, StorageOptions } from '@latchkey/server/testing';
import pg from 'pg';

export interface PersistentStorage {
  /** Storage options that reach the same database on every start. */
  storage: StorageOptions;
  /** A data dir of its own (the SQLite file's, or beside PostgreSQL the master key's). */
  dataDir: string;
  /** Removes the data dir, its development key dir beside it, and the PostgreSQL schema. */
  remove(): Promise<void>;
}

/** A database that outlives a server, for tests that restart one: a SQLite data dir or a PostgreSQL schema. */
export function persistentStorage(dialect: Dialect): PersistentStorage {
  const dataDir = mkdtempSync(join(tmpdir(), 'lk-persistent-'));
  const schema = dialect === 'postgres' ? `lk_keys_${randomBytes(6).toString('hex')}` : null;
  return {
    storage: schema ? { databaseUrl: process.env.DATABASE_URL!, schema, poolSize: 2, dataDir } : { dataDir },
    dataDir,
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.keys`, { recursive: true, force: true });
      if (!schema) return;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
