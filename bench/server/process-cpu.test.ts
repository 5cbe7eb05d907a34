import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuMillisBetween, parseProcStat, snapshotProcessTree } from './process-cpu.ts';

describe('parseProcStat', () => {
  it('reads the times after a name that holds spaces and parentheses', () => {
    const line =
      '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 1234 0 0 0 731 88 12 5 20 0 11 0 98765 1 2 3\n';
    expect(parseProcStat(line)).toEqual({
      pid: 4242,
      comm: 'node (worker) 1',
      ppid: 4200,
      utime: 731,
      stime: 88,
      cutime: 12,
      cstime: 5,
    });
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseProcStat('no parentheses here')).toThrow(/not a \/proc/);
  });
});

describe('cpuMillisBetween', () => {
  it('adds each process’s growth, counts a new process whole and ignores one that exited', () => {
    const before = new Map([
      [1, 100],
      [2, 50],
      [3, 999],
    ]);
    const after = new Map([
      [1, 130],
      [2, 50],
      [4, 20],
    ]);
    // (30 + 0 + 20) ticks at 100 per second.
    expect(cpuMillisBetween(before, after, 100)).toBe(500);
  });
});

describe.runIf(process.platform === 'linux')('snapshotProcessTree', () => {
  it('holds the root and its live child', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    try {
      const snapshot = snapshotProcessTree(process.pid);
      expect(snapshot.has(process.pid)).toBe(true);
      expect(snapshot.has(child.pid!)).toBe(true);
      expect(snapshotProcessTree(2 ** 30).size).toBe(0);
    } finally {
      child.kill();
    }
  });
});
