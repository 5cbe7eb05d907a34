import { useEffect, useReducer } from 'react';

/** Whole seconds until `until` (ms since the epoch), counting down live; 0 once past, null for null. */
export function useSecondsLeft(until: number | null | undefined): number | null {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  // Read at each render, not kept from the mount: `until` may arrive long after (a code lock).
  const left = until == null ? null : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (!left) return;
    // Ticks a little faster than once a second so the count never skips a number.
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}
