import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { withPackagesLock } from './packages-lock.ts';

describe('the packages build lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'lk-lock-'));
  const lockDir = join(root, 'packages.lock');
  afterEach(() => rmSync(lockDir, { recursive: true, force: true }));

  test('runs one holder at a time, then releases', async () => {
    const events: string[] = [];
    const holder = (name: string) =>
      withPackagesLock(
        async () => {
          events.push(`${name} in`);
          await sleep(50);
          events.push(`${name} out`);
          return name;
        },
        { lockDir },
      );
    expect(await Promise.all([holder('a'), holder('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    // Released: a third takes it at once.
    expect(await withPackagesLock(async () => 'c', { lockDir, timeoutMs: 0 })).toBe('c');
  });

  test('releases the lock when the work fails', async () => {
    await expect(
      withPackagesLock(async () => Promise.reject(new Error('boom')), { lockDir }),
    ).rejects.toThrow('boom');
    expect(await withPackagesLock(async () => 'next', { lockDir, timeoutMs: 0 })).toBe('next');
  });

  test('takes over a lock whose holder is gone, and waits for a live one until the timeout', async () => {
    mkdirSync(lockDir);
    writeFileSync(join(lockDir, 'pid'), '2147483646'); // no such process
    expect(await withPackagesLock(async () => 'taken', { lockDir, timeoutMs: 0 })).toBe('taken');
    mkdirSync(lockDir);
    writeFileSync(join(lockDir, 'pid'), String(process.pid)); // this process: alive
    await expect(withPackagesLock(async () => 'never', { lockDir, timeoutMs: 600 })).rejects.toThrow(
      /Waited 600 ms/,
    );
  });
});
