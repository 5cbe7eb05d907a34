import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery, compiledWrites } from './compiled-query.ts';
import { openStorage, type Storage } from './db.ts';

describe('compiledQuery', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ dataDir: ':memory:' });
    await storage.db
      .insertInto('apps')
      .values(
        ['a1', 'a2'].map((id, i) => ({
          id,
          secret_hash: 'x',
          config: `{"n":${i}}`,
          created_at: 100 + i,
          updated_at: 100 + i,
        })),
      )
      .execute();
  });
  afterAll(() => storage.close());

  it('builds the query once and sends each call its own arguments', async () => {
    let builds = 0;
    const appNamed = compiledQuery((db, a: { id: string; after: number }) => {
      builds++;
      return db
        .selectFrom('apps')
        .select(['id', 'config'])
        .where('id', '=', a.id)
        .where('created_at', '>', a.after);
    });
    expect(await appNamed(storage.db, { id: 'a1', after: 0 })).toEqual([{ id: 'a1', config: '{"n":0}' }]);
    expect(await appNamed(storage.db, { id: 'a2', after: 0 })).toEqual([{ id: 'a2', config: '{"n":1}' }]);
    expect(await appNamed(storage.db, { id: 'a2', after: 101 })).toEqual([]);
    // A transaction shares its database's template.
    await storage.db.transaction().execute(async (trx) => {
      expect(await appNamed(trx, { id: 'a1', after: 0 })).toEqual([{ id: 'a1', config: '{"n":0}' }]);
    });
    expect(builds).toBe(1);
  });

  it('refuses an argument written into the SQL text, and a missing argument', async () => {
    const inlined = compiledQuery((db, a: { id: string }) =>
      db
        .selectFrom('apps')
        .select('id')
        .where(sql.raw<boolean>(`id = '${a.id}'`)),
    );
    await expect(inlined(storage.db, { id: 'a1' })).rejects.toThrow(/written into the SQL/);
    const byId = compiledQuery((db, a: { id: string }) =>
      db.selectFrom('apps').select('id').where('id', '=', a.id),
    );
    await expect(byId(storage.db, {} as { id: string })).rejects.toThrow(/no argument id/);
  });

  it('compiledWrites sends each call its own values, all or nothing', async () => {
    const twoApps = compiledWrites((db, a: { first: string; second: string; at: number }) =>
      [a.first, a.second].map((id) =>
        db
          .insertInto('apps')
          .values({ id, secret_hash: 'x', config: '{}', created_at: a.at, updated_at: a.at }),
      ),
    );
    await twoApps(storage.db, 'sqlite', { first: 'b1', second: 'b2', at: 7 });
    // The second collides with an existing app: neither is written.
    await expect(twoApps(storage.db, 'sqlite', { first: 'b3', second: 'a1', at: 8 })).rejects.toThrow();
    const ids = await storage.db
      .selectFrom('apps')
      .select(['id', 'created_at'])
      .where('id', 'like', 'b%')
      .orderBy('id')
      .execute();
    expect(ids).toEqual([
      { id: 'b1', created_at: 7 },
      { id: 'b2', created_at: 7 },
    ]);
  });
});
