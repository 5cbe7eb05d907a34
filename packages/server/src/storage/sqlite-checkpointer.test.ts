import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite.ts';

describe('the SQLite checkpointer thread', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without a checkpoint on the server thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-checkpoint-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const db = openNodeSqlite(file);
    try {
      db.prepare('create table t (id integer primary key, body blob)').run([]);
      const insert = db.prepare('insert into t (body) values (?)');
      // About 200 pages: far below the server's autocheckpoint (10,000), so only the thread copies
      // them out of the WAL.
      for (let i = 0; i < 200; i++) insert.run([Buffer.alloc(4000, i)]);
      const before = statSync(file).size;
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(200 * 4000);
      for (let waited = 0; statSync(file).size <= before + 100 * 4096 && waited < 5000; waited += 50)
        await sleep(50);
      expect(statSync(file).size).toBeGreaterThan(before + 200 * 4000);
      // The reads still see every row.
      expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 200 }]);
    } finally {
      db.close();
    }
  });
});
