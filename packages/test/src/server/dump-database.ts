import { sql } from 'kysely';
import type { TestServer } from './test-server.ts';

/** Every row of every table of a test server's database, as JSON text (for secret scans). */
export async function dumpDatabase(t: TestServer): Promise<{ table: string; text: string }[]> {
  const tables =
    t.ctx.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.ctx.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.db);
  const dump: { table: string; text: string }[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.ctx.db);
    for (const row of rows.rows) dump.push({ table: name, text: JSON.stringify(row) });
  }
  return dump;
}
