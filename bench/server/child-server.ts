import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ChildServerParameters {
  /** Arguments to this Node binary (flags, then the script and its arguments), run from the repo root. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The line the server prints once it accepts requests; its first group is the URL. */
  listening: RegExp;
  /** Runs after the process has exited (removing its data dir). */
  afterStop?: () => void;
}

export interface ChildServer {
  url: string;
  /** The server's process id, for its CPU time in `/proc`. */
  pid: number;
  /** The newest lines the server printed, for error reports. */
  recentOutput(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and runs `afterStop`. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts a server as a child process of the bench (same Node binary) and resolves once it prints
 * the line `listening` matches, with the URL from that line.
 *
 * @example
 * const server = await startChildServer({ args: ['server.ts'], env, listening: /listening on (\S+)/ });
 * try { ... } finally { await server.stop(); }
 */
export async function startChildServer(params: ChildServerParameters): Promise<ChildServer> {
  const child = spawn(process.execPath, params.args, {
    cwd: repoRoot,
    env: params.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Keep draining the server's output (Latchkey's dev outbox logs every message) so it never blocks.
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
      params.afterStop?.();
    })();
    return stopped;
  };

  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('the server did not start within 30 s')), 30_000);
      onLine = (line) => {
        const match = line.match(params.listening);
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
    return { url, pid: child.pid!, recentOutput: () => lines.join('\n'), stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${lines.join('\n')}`);
  }
}
