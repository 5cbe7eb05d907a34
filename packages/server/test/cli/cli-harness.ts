import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(repoRoot, 'packages/server/bin/latchkey.ts');

/** The environment minus anything that would change where the CLI stores data or how it delivers. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (
      name === 'DATABASE_URL' ||
      name === 'REDIS_URL' ||
      name === 'SMTP_URL' ||
      name.startsWith('LATCHKEY_') ||
      name.startsWith('TWILIO_')
    )
      delete env[name];
  return env;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `latchkey …` from its sources (as `npm run latchkey` does) in `cwd`, to its exit. */
export function runCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@latchkey/source', bin, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `latchkey serve|dev --port 0 …` and resolves with its URL once it listens. */
export function startCliServer(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ url: string; stop(): Promise<number | null> }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@latchkey/source', bin, ...args, '--port', '0'], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Latchkey listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        stop: () =>
          new Promise((done) => {
            child.on('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/** A fresh PostgreSQL schema on DATABASE_URL, and the URL that selects it. */
export async function postgresSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const schema = `lk_cli_${randomBytes(6).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE SCHEMA ${schema}`);
  return {
    url: `${base}${base.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
    drop: () => query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
