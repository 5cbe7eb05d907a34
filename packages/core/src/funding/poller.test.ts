import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers.ts';
import { startPolling } from './poller.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPolling', () => {
  it('never overlaps reads: the next waits for the slow one to end', async () => {
    const starts: number[] = [];
    const polling = startPolling({
      initial: 0,
      startMs: 100,
      everyMs: 100,
      timers: createTimers(),
      done: (n) => n >= 2,
      read: async (n) => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 250));
        return n + 1;
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toEqual([100, 450]);
    expect(await polling.finished).toBe(2);
  });

  it('drops the answer of a read the stop overtook', async () => {
    const states: number[] = [];
    const polling = startPolling({
      initial: 0,
      startMs: 0,
      everyMs: 100,
      timers: createTimers(),
      done: () => false,
      onState: (n) => states.push(n),
      read: async (n) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return n + 1;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    polling.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(states).toEqual([]);
    expect(await polling.finished).toBe(0);
  });

  it('reads nothing when the first state is already final', async () => {
    const read = vi.fn(async (n: number) => n);
    const polling = startPolling({
      initial: 5,
      startMs: 0,
      everyMs: 1,
      timers: createTimers(),
      done: () => true,
      read,
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(read).not.toHaveBeenCalled();
    expect(await polling.finished).toBe(5);
  });

  it('clears with the flow: closing the modal clears its timers, and no read follows', async () => {
    const timers = createTimers();
    const read = vi.fn(async (n: number) => n + 1);
    startPolling({ initial: 0, startMs: 100, everyMs: 100, timers, done: () => false, read });
    timers.clear();
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).not.toHaveBeenCalled();
  });
});
