/** Timeouts that die with the flow: cleared on close, on a new request and when the flow ends. */
export interface FlowTimers {
  later(ms: number, fn: () => void): void;
  clear(): void;
}

export function createTimers(): FlowTimers {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  return {
    later(ms, fn) {
      const timer = setTimeout(() => {
        pending.delete(timer);
        fn();
      }, ms);
      pending.add(timer);
    },
    clear() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
