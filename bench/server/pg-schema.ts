import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface IsolatedSchema {
  name: string;
  /** The database URL pinned to the schema (`options=-c search_path=…`), tagged with `applicationName`. */
  url(applicationName?: string): string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh schema `<prefix>_<random>` through `client` so a bench run starts empty and leaves
 * nothing behind. The application name lets the bench find the server's backends in `pg_stat_activity`.
 *
 * @example
 * const schema = await createIsolatedSchema(client, baseUrl, 'lk_bench');
 * try { startServer(schema.url('lk_bench_server')) } finally { await schema.drop() }
 */
export async function createIsolatedSchema(
  client: pg.Client,
  baseUrl: string,
  prefix: string,
): Promise<IsolatedSchema> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await client.query(`CREATE SCHEMA ${name}`);
  return {
    name,
    url(applicationName) {
      const pinned = new URL(baseUrl);
      pinned.searchParams.set('options', `-c search_path=${name}`);
      if (applicationName) pinned.searchParams.set('application_name', applicationName);
      return pinned.toString();
    },
    drop: async () => {
      await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    },
  };
}

/** Process ids of the database backends connected with `applicationName` (a server's pool). */
export async function backendPids(client: pg.Client, applicationName: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
    [applicationName],
  );
  return rows.map((r) => r.pid);
}
