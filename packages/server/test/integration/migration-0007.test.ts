import { randomBytes } from 'node:crypto';
import { dialects } from '@latchkey/test/server';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/storage/migrations.ts';
import { openNodeSqlite } from '../../src/storage/node-sqlite.ts';

type AnyRows = Kysely<Record<string, Record<string, unknown>>>;

/** An existing database (schema before 0007) migrates forward with its data. */
describe.each(dialects)('migration 0007_hardening (%s)', (dialect) => {
  let db: Kysely<unknown>;
  let dropSchema: (() => Promise<void>) | null = null;
  const postgres = dialect === 'postgres';

  beforeAll(async () => {
    if (!postgres) {
      db = new Kysely({ dialect: new SqliteDialect({ database: openNodeSqlite(':memory:') }) });
      return;
    }
    const schema = `lk_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 2,
      options: `-c search_path=${schema}`,
      types: {
        getTypeParser: (oid: number, format?: string) =>
          oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
      },
    });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    };
  });
  afterAll(async () => {
    await db?.destroy();
    await dropSchema?.();
  });

  it('keeps live codes and lets an identifier hold several; wrong guesses get their own table', async () => {
    await migrate(db, { postgres, to: '0005_imported_wallets' });
    const rows = db as unknown as AnyRows;
    const key = { app_id: 'app', channel: 'email', identifier: 'a@example.com' };
    await rows
      .insertInto('verification_codes')
      .values({ ...key, code_hash: 'h1', created_at: 10, expires_at: 610, attempts: 2 })
      .execute();
    const event = (id: string, app: string) => ({ id, app_id: app, event_name: 'e', created_at: 1 });
    await rows
      .insertInto('analytics_events')
      .values([event('e1', 'app'), event('e2', 'app'), event('e3', 'other')])
      .execute();

    await migrate(db, { postgres });
    expect(await rows.selectFrom('verification_codes').selectAll().execute()).toEqual([
      { ...key, code_hash: 'h1', created_at: 10, expires_at: 610, seq: 1 },
    ]);
    await rows
      .insertInto('verification_codes')
      .values({ ...key, code_hash: 'h2', created_at: 20, expires_at: 620, seq: 2 })
      .execute();
    // One row per code: the same code twice is still refused.
    await expect(
      rows
        .insertInto('verification_codes')
        .values({ ...key, code_hash: 'h2', created_at: 30, expires_at: 630, seq: 3 })
        .execute(),
    ).rejects.toThrow();
    await rows
      .insertInto('verification_attempts')
      .values({ ...key, failures: 1, window_ends_at: 700 })
      .execute();
    expect(await rows.selectFrom('verification_attempts').selectAll().execute()).toEqual([
      { ...key, failures: 1, window_ends_at: 700 },
    ]);
  });

  it('counts the events each app already stored, for the per-app cap', async () => {
    const rows = db as unknown as AnyRows;
    const counts = await rows.selectFrom('analytics_event_counts').selectAll().orderBy('app_id').execute();
    expect(counts).toEqual([
      { app_id: 'app', stored: 2 },
      { app_id: 'other', stored: 1 },
    ]);
  });
});
