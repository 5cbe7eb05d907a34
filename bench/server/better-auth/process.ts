import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildServer, startChildServer } from '../child-server.ts';

export interface BetterAuthProcessParameters {
  /** PostgreSQL URL (pinned to a schema); SQLite in a temporary file when absent. */
  databaseUrl?: string | undefined;
  /** SQLite `synchronous` pragma; SQLite's default (FULL) when absent. */
  sqliteSynchronous?: 'full' | 'normal' | undefined;
}

/**
 * Starts Better Auth (`better-auth/server.ts`) as its own process on 127.0.0.1, with its schema
 * migrated, and resolves once it listens. Stopping it removes its SQLite file.
 *
 * @example
 * const server = await startBetterAuthProcess({});
 * try { ... } finally { await server.stop(); }
 */
export function startBetterAuthProcess(params: BetterAuthProcessParameters): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ba-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const name of ['DATABASE_URL', 'BETTER_AUTH_SECRET', 'BETTER_AUTH_URL', 'BA_SQLITE_SYNCHRONOUS'])
    delete env[name];
  if (params.databaseUrl) env.BA_DATABASE_URL = params.databaseUrl;
  else env.BA_SQLITE_FILE = join(dataDir, 'better-auth.sqlite');
  if (params.sqliteSynchronous) env.BA_SQLITE_SYNCHRONOUS = params.sqliteSynchronous;
  return startChildServer({
    args: [join(import.meta.dirname, 'server.ts')],
    env,
    listening: /Better Auth listening on (http:\/\/\S+)/,
    afterStop: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}
