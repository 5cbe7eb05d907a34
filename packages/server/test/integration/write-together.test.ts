import { randomBytes } from 'node:crypto';
import { dialects } from '@latchkey/test/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../src/storage/db.ts';
import { type RowsInsert, writeTogether } from '../../src/storage/write-together.ts';

/** storage/write-together.ts on each dialect: all or nothing, rows as given, with builders or without. */
describe.each(dialects)('writeTogether (%s)', (dialect) => {
  const schema = `lk_together_${randomBytes(6).toString('hex')}`;
  let storage: Storage;
  beforeAll(async () => {
    storage =
      dialect === 'postgres'
        ? await openStorage({ databaseUrl: process.env.DATABASE_URL!, schema })
        : await openStorage({ dataDir: ':memory:' });
    await storage.db
      .insertInto('apps')
      .values({ id: 'app', secret_hash: 'x', config: '{}', created_at: 1, updated_at: 1 })
      .execute();
  });
  afterAll(async () => {
    await storage?.close();
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  const user = (id: string): RowsInsert<'users'> => ({
    into: 'users',
    rows: [
      { id, app_id: 'app', created_at: 5, has_accepted_terms: 0, is_guest: 1, custom_metadata: '{"a":1}' },
    ],
  });
  const sessions = (userId: string, ids: string[]): RowsInsert<'sessions'> => ({
    into: 'sessions',
    rows: ids.map((id) => ({
      id,
      app_id: 'app',
      user_id: userId,
      created_at: 5,
      expires_at: 9,
      revoked_at: null,
    })),
  });

  it('inserts every row as given, a user and the rows that reference it in one go', async () => {
    await writeTogether(storage.db, dialect, [user('u1'), sessions('u1', ['s1', 's2'])]);
    expect(await storage.db.selectFrom('users').selectAll().where('id', '=', 'u1').execute()).toEqual([
      {
        id: 'u1',
        app_id: 'app',
        created_at: 5,
        has_accepted_terms: 0,
        is_guest: 1,
        custom_metadata: '{"a":1}',
      },
    ]);
    const stored = await storage.db
      .selectFrom('sessions')
      .select(['id', 'revoked_at'])
      .where('user_id', '=', 'u1')
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 's1', revoked_at: null },
      { id: 's2', revoked_at: null },
    ]);
  });

  it('writes nothing when one write fails (a duplicate), with rows alone or beside a built query', async () => {
    await writeTogether(storage.db, dialect, [user('u2')]);
    const duplicate = [sessions('u2', ['s3']), user('u2')];
    await expect(writeTogether(storage.db, dialect, duplicate)).rejects.toThrow();
    const touched = storage.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', 'u2');
    await expect(
      writeTogether(storage.db, dialect, [touched, sessions('u2', ['s4']), user('u2')]),
    ).rejects.toThrow();
    expect(
      await storage.db.selectFrom('sessions').select('id').where('user_id', '=', 'u2').execute(),
    ).toEqual([]);
    expect(await storage.db.selectFrom('users').select('is_guest').where('id', '=', 'u2').execute()).toEqual([
      { is_guest: 1 },
    ]);
  });

  it('refuses rows of one table whose columns differ', async () => {
    const uneven = {
      into: 'sessions',
      rows: [
        { id: 's5', app_id: 'app', user_id: 'u1', created_at: 5, expires_at: 9, revoked_at: null },
        { id: 's6', app_id: 'app', user_id: 'u1', created_at: 5, expires_at: 9 },
      ],
    } as RowsInsert<'sessions'>;
    await expect(writeTogether(storage.db, dialect, [uneven])).rejects.toThrow(/differ in their columns/);
  });
});
