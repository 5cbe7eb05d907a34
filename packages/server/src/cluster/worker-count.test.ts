import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './primary.ts';
import { maxWorkers, workerCount } from './worker-count.ts';

describe('workerCount', () => {
  it('reads a count, auto (one per core the process may use) and unset (one process)', () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount('')).toBe(1);
    expect(workerCount('1')).toBe(1);
    expect(workerCount('4')).toBe(4);
    expect(workerCount(String(maxWorkers))).toBe(maxWorkers);
    expect(workerCount('auto')).toBe(availableParallelism());
  });

  it('refuses anything else', () => {
    for (const text of ['0', '-1', '1.5', 'two', 'AUTO', ' 2', String(maxWorkers + 1), '1e3'])
      expect(workerCount(text), text).toBe(null);
  });
});

describe('restartDelayMs', () => {
  it('restarts at once after a healthy run and backs off, doubling to 30 s, while workers keep dying', () => {
    expect([0, 1, 2, 3].map(restartDelayMs)).toEqual([100, 200, 400, 800]);
    expect(restartDelayMs(9)).toBe(30_000);
    expect(restartDelayMs(40)).toBe(30_000);
  });
});
