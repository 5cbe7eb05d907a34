import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * `@latchkey/test/server/processes`: the `latchkey` CLI run as operators run it, a real child process
 * from its sources (as `npm run latchkey` does), for tests of the CLI and of several server
 * processes sharing one database.
 */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(repoRoot, 'packages/server/bin/latchkey.ts');
/** The workspace packages from their sources (root README, Packaging); `nodeArgs` go to Node before them. */
const cliArgs = (args: string[], nodeArgs: string[] = []) => [
  ...nodeArgs,
  '--conditions=@latchkey/source',
  bin,
  ...args,
];

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

export interface CliOptions {
  env: NodeJS.ProcessEnv;
  /** The working directory (the repository's root by default). */
  cwd?: string;
}

/** Runs `file` with `args` to its exit, collecting what it prints. */
export function runProcess(file: string, args: string[], options: CliOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd ?? repoRoot,
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

/** Runs `latchkey …` from its sources to its exit. */
export const runCli = (args: string[], options: CliOptions & { nodeArgs?: string[] }): Promise<CliResult> =>
  runProcess(process.execPath, cliArgs(args, options.nodeArgs), options);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` (SIGTERM by default; SIGKILL after 5 s) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `latchkey serve|dev …` (give it `--port 0`) and resolves once it prints the address it
 * listens on; a process that exits or stays silent for `timeoutMs` first is killed and rejected
 * with its output.
 */
export function startServerProcess(
  args: string[],
  options: CliOptions & { timeoutMs?: number },
): Promise<ServerProcess> {
  const child = spawn(process.execPath, cliArgs(args), {
    cwd: options.cwd ?? repoRoot,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      child.kill(signal);
    });
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`the server did not start:\n${output}`)),
      options.timeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Latchkey listening on (http:\/\/127\.0\.0\.1:(\d+))/);
      if (!match || Number(match[2]) === 0) return;
      clearTimeout(timer);
      resolve({ url: match[1]!, child, output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** `url` (a PostgreSQL URL) with the session's search_path pinned to `schema`. */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** A fresh PostgreSQL schema on DATABASE_URL, and the URL that selects it. */
export async function postgresSchema(
  prefix = 'lk_cli',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE SCHEMA ${name}`);
  return { name, url: urlWithSchema(base, name), drop: () => query(`DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}
