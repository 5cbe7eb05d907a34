import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../src/server.ts';
import { openStorage, type Storage } from '../../src/storage/db.ts';

/**
 * Named prepared statements on PostgreSQL (storage/prepared-statements.ts): a statement is parsed
 * once per connection and then only bound and executed, and a table changed under a named statement
 * (a newer replica's migration) costs no failed request.
 */
describe.skipIf(!process.env.DATABASE_URL)('prepared statements (postgres)', () => {
  const schema = `lk_prepared_${randomBytes(6).toString('hex')}`;
  let storage: Storage;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });

  beforeAll(async () => {
    await admin.connect();
    storage = await openStorage({ databaseUrl: process.env.DATABASE_URL!, schema, poolSize: 1 });
    await sql`create table probe (id text primary key, label text)`.execute(storage.db);
    await sql`insert into probe values ('a', 'first')`.execute(storage.db);
  });
  afterAll(async () => {
    await storage?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  /** The one connection of the pool: the statements it prepared, with how often each was planned. */
  async function prepared(text: RegExp) {
    const { rows } = await sql<{ name: string; statement: string; plans: number }>`
      select name, statement, generic_plans + custom_plans as plans from pg_prepared_statements`.execute(
      storage.db,
    );
    return rows.filter((r) => text.test(r.statement));
  }

  it('a parameterised statement is prepared once under a name and executed again by it', async () => {
    for (const id of ['a', 'b', 'a'])
      await storage.db
        .selectFrom('probe' as never)
        .selectAll()
        .where('id' as never, '=', id as never)
        .execute();
    const named = await prepared(/from "probe" where "id" = \$1/);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^lk_/);
    expect(Number(named[0]!.plans)).toBe(3);
  });

  it('LATCHKEY_PG_PREPARED_STATEMENTS=off sends every statement unnamed', async () => {
    const options = optionsFromEnv({
      DATABASE_URL: process.env.DATABASE_URL,
      LATCHKEY_PG_PREPARED_STATEMENTS: 'off',
    });
    expect(options.preparedStatements).toBe(false);
    const unnamed = await openStorage({
      ...options,
      databaseUrl: process.env.DATABASE_URL!,
      schema,
      poolSize: 1,
    });
    try {
      for (const id of ['a', 'b'])
        await unnamed.db
          .selectFrom('probe' as never)
          .selectAll()
          .where('id' as never, '=', id as never)
          .execute();
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements`.execute(unnamed.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await unnamed.close();
    }
  });

  it('a table changed under a named statement: the statement still answers, with the new column', async () => {
    const select = () =>
      sql<{ id: string; label: string; extra?: string }>`select * from probe where id = ${'a'}`.execute(
        storage.db,
      );
    expect((await select()).rows).toEqual([{ id: 'a', label: 'first' }]);
    await admin.query(`alter table ${schema}.probe add column extra text default 'x'`);
    expect((await select()).rows).toEqual([{ id: 'a', label: 'first', extra: 'x' }]);
  });
});
