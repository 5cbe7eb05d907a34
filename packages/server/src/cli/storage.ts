import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { silentLogger } from '../logger.ts';
import { CliError } from './command.ts';
import { isDevelopmentDataDir } from './dev-data-dir.ts';

/**
 * Opens the storage `serve` uses, for a command that serves nothing, runs `fn` and closes it. Only
 * `serve` and `dev` create a data dir: here a missing one is an error naming the path, so a typo in
 * `--data-dir` does not quietly start an empty database. With DATABASE_URL the database is not in
 * the data dir, which may then be absent. A data dir `latchkey dev` made opens in development mode
 * (its key file beside it), as `dev` opens it.
 */
export async function withStorage<T>(dataDir: string, fn: (ctx: ServerContext) => Promise<T>): Promise<T> {
  // Loaded here, not at the top: `--help` never loads the server.
  const { createLatchkey, optionsFromEnv } = await import('../server.ts');
  const options = optionsFromEnv();
  if (!options.databaseUrl) {
    const path = resolve(dataDir);
    const isDir = statSync(path, { throwIfNoEntry: false })?.isDirectory();
    if (!isDir)
      throw new CliError(
        `no data dir at ${path}: pass --data-dir with the directory \`latchkey serve\` uses ` +
          '(only serve and dev create one), or set DATABASE_URL',
      );
  }
  if (isDevelopmentDataDir(dataDir)) options.settings = { ...options.settings, development: true };
  const latchkey = await createLatchkey({
    ...options,
    // These commands serve no HTTP: they must not generate the admin key, or `serve` (the only
    // command that prints it) could never show it; nor deliver webhooks, the servers do.
    adminApi: false,
    dataDir,
    log: silentLogger,
  });
  try {
    return await fn(latchkey.ctx);
  } finally {
    await latchkey.close();
  }
}

/** The app `id` names, or "no app <id>" (exit 1). */
export async function requireApp(ctx: ServerContext, id: string): Promise<AppRecord> {
  const app = /^[a-z0-9]{25}$/.test(id) ? await ctx.apps.load(id, { fresh: true }) : null;
  if (!app) throw new CliError(`no app ${id} (latchkey apps list shows the apps)`);
  return app;
}
