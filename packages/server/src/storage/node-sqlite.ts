import { existsSync, writeFileSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { startCheckpointer } from './sqlite-checkpointer.ts';

/** Prepared statements kept per connection; Kysely issues a small, fixed set of query shapes. */
const statementCacheSize = 256;

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 subset that Kysely's SqliteDialect
 * drives. Kysely ships no `node:sqlite` dialect; the built-in driver spares users a native addon.
 */
export function openNodeSqlite(path: string): SqliteDatabase & { stopCheckpointer(): Promise<void> } {
  if (path !== ':memory:' && !existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
  const db = new DatabaseSync(path);
  // WAL with synchronous=NORMAL is SQLite's recommended pairing: the database cannot corrupt, and
  // only commits from the last moments before a power loss or OS crash (never an app crash) can be
  // lost. FULL fsyncs every commit, which tripled login latency in bench/server.
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  // A checkpoint copies every page changed since the last one into the database file; under a run
  // of sign-ups the same index pages change again and again, so checkpointing every 10,000 pages
  // (a WAL of up to 40 MB) rather than SQLite's 1,000 writes each far fewer times (bench/server:
  // about 10 % less CPU per login). A 64 MB page cache keeps the hot indexes of a large user table
  // in memory rather than in the OS's cache behind a read per page.
  db.exec('PRAGMA wal_autocheckpoint = 10000; PRAGMA cache_size = -65536;');
  // The checkpoints themselves run beside the server (storage/sqlite-checkpointer.ts).
  const checkpointer = path === ':memory:' ? null : startCheckpointer(path);
  // Each statement with whether it returns rows: `columns()` builds its column list on every call.
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepared = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      const statement = db.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value!);
      cache.set(sql, entry);
    }
    return entry;
  };
  return {
    close: () => db.close(),
    // After `close`: the thread's connection is then the last, and closing it checkpoints what is
    // left and removes the WAL, so the files are settled once this resolves.
    stopCheckpointer: async () => checkpointer?.stop(),
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql);
      const params = (values: ReadonlyArray<unknown>) => values.map(toSqlite);
      return {
        reader,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
    },
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}
