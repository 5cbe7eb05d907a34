/**
 * Receive funds' balance watch (spec document 2 §4 Receive funds, §9: polled every 2 s): the first
 * reading is the baseline; once a later one exceeds the previous, the funds have arrived.
 */

/** Spec document 2 §9 'receive-funds balance poll 2 s'. */
export const receiveFundsPollMs = 2000;

export interface BalanceWatch {
  /** The latest reading, or null before the first (or while the node does not answer). */
  balance: bigint | null;
  /** True once a reading exceeded the one before it. */
  grew: boolean;
}

export interface WatchBalanceParameters {
  read(): Promise<bigint>;
  onChange(watch: BalanceWatch): void;
  intervalMs?: number;
  /** Timers (tests pass fake ones). */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Reads the balance now and then every `intervalMs` until stopped; a failed reading keeps the last
 * one and tries again at the next tick. Returns the stop function.
 *
 * @example
 * const stop = watchBalance({ read: () => rpcBalance(address), onChange: setWatch });
 */
export function watchBalance({
  read,
  onChange,
  intervalMs = receiveFundsPollMs,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: WatchBalanceParameters): () => void {
  let stopped = false;
  let timer: unknown = null;
  let watch: BalanceWatch = { balance: null, grew: false };

  const tick = async () => {
    try {
      const balance = await read();
      if (stopped) return;
      const grew = watch.grew || (watch.balance !== null && balance > watch.balance);
      if (balance !== watch.balance || grew !== watch.grew) {
        watch = { balance, grew };
        onChange(watch);
      }
    } catch {
      // The node did not answer this time: the next tick asks again.
    }
    if (!stopped) timer = setTimer(tick, intervalMs);
  };
  void tick();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
  };
}
