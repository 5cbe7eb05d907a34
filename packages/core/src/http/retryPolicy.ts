/** Statuses retried for every method (WIRE.md §1.3). */
export const retryStatuses: ReadonlySet<number> = new Set([408, 409, 425, 500, 502, 503, 504]);

/** Retries after the first attempt. */
export const maxRetries = 3;

/**
 * The wait before retry `n` (1-based): 3^n × 500 ms, so 1.5 s, 4.5 s and 13.5 s.
 *
 * @example
 * retryDelay(1) // 1500
 */
export function retryDelay(n: number): number {
  return 3 ** n * 500;
}

/** The default `delay`: a plain timer. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
