import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildServer, startChildServer } from './child-server.ts';

export interface ServerProcessParameters {
  /** PostgreSQL URL (already pinned to a schema); SQLite in a temporary data dir when absent. */
  databaseUrl?: string | undefined;
  /** `LATCHKEY_ADMIN_KEY`: 32 characters or more, or the server refuses to start. */
  adminKey: string;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfDir?: string | undefined;
  /**
   * More `latchkey serve` arguments, e.g. `['--workers', '4']` for the multi-process server (issue 17):
   * the comparison bench passes its `--workers N` here.
   */
  serveArgs?: string[] | undefined;
}

export type ServerProcess = ChildServer;

/**
 * Starts `latchkey serve` as a second process on 127.0.0.1 with rate limits off and the dev
 * outbox on (no SMTP, Twilio or Redis), and resolves once it prints the URL it listens on.
 *
 * @example
 * const server = await startServerProcess({ adminKey: randomBytes(24).toString('base64url') });
 * try { ... } finally { await server.stop(); }
 */
export function startServerProcess(params: ServerProcessParameters): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lk-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LATCHKEY_RATE_LIMITS: 'off',
    LATCHKEY_ADMIN_KEY: params.adminKey,
    LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    // Port 0 and the dev outbox: development mode (the public URL is the address it listens on).
    LATCHKEY_DEVELOPMENT: 'true',
    // The webhook bench's receiver is on loopback.
    LATCHKEY_WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM',
    'REDIS_URL',
  ])
    delete env[name];
  if (params.databaseUrl) env.DATABASE_URL = params.databaseUrl;
  const nodeFlags = params.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${params.cpuProfDir}`] : [];
  return startChildServer({
    args: [
      ...nodeFlags,
      '--conditions=@latchkey/source',
      'packages/server/bin/latchkey.ts',
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...(params.serveArgs ?? []),
    ],
    env,
    listening: /Latchkey listening on (http:\/\/\S+)/,
    afterStop: () => {
      rmSync(dataDir, { recursive: true, force: true });
      // The development key store's file, beside the data dir.
      rmSync(`${dataDir}.keys`, { recursive: true, force: true });
    },
  });
}
