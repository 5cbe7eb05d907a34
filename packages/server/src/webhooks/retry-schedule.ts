/**
 * Seconds to wait after each failed try (Svix's schedule, extended to about three days): after the
 * 1st failure 5 s, then 5 min, 30 min, 2 h, 5 h, then every 10 h. When a try fails with no wait
 * left, the delivery is dead-lettered (`failed`): 12 tries over ~68 h.
 */
export const retryDelaysSeconds = [
  5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000,
];

/** Tries in all before a delivery is dead-lettered. */
export const maxAttempts = retryDelaysSeconds.length + 1;

/**
 * When to try again after `attempts` tries failed, or null when the schedule has run out. The
 * wait is jittered by ±20% so that deliveries failing together do not all come back together.
 */
export function nextAttemptAt(
  now: number,
  attempts: number,
  random: () => number = Math.random,
): number | null {
  const delay = retryDelaysSeconds[attempts - 1];
  if (delay === undefined) return null;
  return now + Math.max(1, Math.round(delay * (0.8 + 0.4 * random())));
}
