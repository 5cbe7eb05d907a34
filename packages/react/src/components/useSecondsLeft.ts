import { useEffect, useState } from 'react';

/** Whole seconds until `until` (ms since the epoch), counting down live; 0 once past, null for null. */
export function useSecondsLeft(until: number | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = until == null ? null : Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (!left) return;
    // Ticks a little faster than once a second so the count never skips a number.
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}
