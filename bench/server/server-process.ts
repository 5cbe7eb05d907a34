import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ServerProcessParameters {
  /** PostgreSQL URL (already pinned to a schema); SQLite in a temporary data dir when absent. */
  databaseUrl?: string | undefined;
  adminKey: string;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfDir?: string | undefined;
  /** `latchkey serve --workers N`: server processes behind the one port (PostgreSQL only; default 1). */
  workers?: number | undefined;
}

export interface ServerProcess {
  url: string;
  /** The newest lines the server printed, for error reports. */
  recentOutput(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its data dir. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts `latchkey serve` as a second process on 127.0.0.1 with rate limits off and the dev
 * outbox on (no SMTP, Twilio or Redis), and resolves once it prints the URL it listens on.
 *
 * @example
 * const server = await startServerProcess({ adminKey: 'k' });
 * try { ... } finally { await server.stop(); }
 */
export async function startServerProcess(params: ServerProcessParameters): Promise<ServerProcess> {
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
  const child = spawn(
    process.execPath,
    [
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
      ...(params.workers && params.workers > 1 ? ['--workers', String(params.workers)] : []),
    ],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );

  // Keep draining the server's output (the dev outbox logs every message) so it never blocks.
  const lines: string[] = [];
  let pending = '';
  let onLine: ((line: string) => void) | null = null;
  const collect = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 40) lines.shift();
      onLine?.(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      // The development key store's file, beside the data dir.
      rmSync(`${dataDir}.keys`, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('the server did not start within 30 s')), 30_000);
      onLine = (line) => {
        const match = line.match(/Latchkey listening on (http:\/\/\S+)/);
        if (match) {
          clearTimeout(timer);
          done(match[1]!);
        }
      };
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the server exited with ${code} before listening`));
      });
    });
    onLine = null;
    return { url, recentOutput: () => lines.join('\n'), stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${lines.join('\n')}`);
  }
}
