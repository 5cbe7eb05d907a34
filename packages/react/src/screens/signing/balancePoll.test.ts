import { describe, expect, it } from 'vitest';
import { type BalanceWatch, receiveFundsPollMs, watchBalance } from './balancePoll.ts';

/** Manual timers: `fire()` runs the pending tick and waits for its reading. */
function manualTimers() {
  let pending: (() => void) | null = null;
  const delays: number[] = [];
  return {
    delays,
    setTimer: (run: () => void, ms: number) => {
      pending = run;
      delays.push(ms);
      return 1;
    },
    clearTimer: () => {
      pending = null;
    },
    async fire() {
      const run = pending;
      pending = null;
      run?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    get pending() {
      return pending !== null;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchBalance', () => {
  it('takes the first reading as the baseline and reports growth every 2 s after', async () => {
    const timers = manualTimers();
    const readings = [5n, 5n, 7n, 6n];
    const seen: BalanceWatch[] = [];
    const stop = watchBalance({
      read: async () => readings.shift() ?? 6n,
      onChange: (watch) => seen.push(watch),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await flush();
    expect(seen).toEqual([{ balance: 5n, grew: false }]);
    await timers.fire(); // 5 again: nothing new
    expect(seen).toHaveLength(1);
    await timers.fire(); // 7: grew
    expect(seen.at(-1)).toEqual({ balance: 7n, grew: true });
    await timers.fire(); // 6: the funds arrived once; that stays true
    expect(seen.at(-1)).toEqual({ balance: 6n, grew: true });
    expect(timers.delays.every((ms) => ms === receiveFundsPollMs)).toBe(true);
    stop();
    expect(timers.pending).toBe(false);
  });

  it('keeps polling through failed readings, and a failure is not a change', async () => {
    const timers = manualTimers();
    let calls = 0;
    const seen: BalanceWatch[] = [];
    watchBalance({
      read: async () => {
        calls += 1;
        if (calls === 2) throw new Error('node down');
        return calls === 1 ? 1n : 3n;
      },
      onChange: (watch) => seen.push(watch),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await flush();
    await timers.fire();
    expect(seen).toEqual([{ balance: 1n, grew: false }]);
    await timers.fire();
    expect(seen.at(-1)).toEqual({ balance: 3n, grew: true });
  });

  it('reports nothing after stop, even for a reading already under way', async () => {
    let resolve: (value: bigint) => void = () => undefined;
    const seen: BalanceWatch[] = [];
    const stop = watchBalance({
      read: () => new Promise<bigint>((r) => (resolve = r)),
      onChange: (watch) => seen.push(watch),
    });
    stop();
    resolve(10n);
    await flush();
    expect(seen).toEqual([]);
  });
});
