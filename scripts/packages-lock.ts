/**
 * One build-and-pack of the public packages at a time, across processes. `npm run build` empties each
 * package's `dist` before compiling into it, so a file packing while another builds (vitest runs a
 * file per core: e2e/installed-packages.test.ts and e2e/image.test.ts) could pack a half-emptied
 * `dist`. Each holds this lock from the build (e2e/built-packages.ts: the first of them in a run
 * builds) until its tarballs are written.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const defaultLockDir = join(import.meta.dirname, '../node_modules/.cache/latchkey-packages.lock');

/** Whether the process that took the lock is gone (it crashed or was killed holding it). */
function holderGone(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
  } catch {
    return false; // just created, its pid not written yet
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Runs `work` holding the lock (waiting up to `timeoutMs` for it), and releases it after. */
export async function withPackagesLock<T>(
  work: () => Promise<T>,
  options: { timeoutMs?: number; lockDir?: string } = {},
): Promise<T> {
  const { timeoutMs = 600_000, lockDir = defaultLockDir } = options;
  const deadline = Date.now() + timeoutMs;
  mkdirSync(join(lockDir, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir); // atomic: exactly one process creates it
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderGone(lockDir)) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${lockDir}`);
      else await sleep(500);
    }
  }
  try {
    writeFileSync(join(lockDir, 'pid'), String(process.pid));
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
