/** A latency distribution in milliseconds, rounded to 0.01 ms. */
export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentiles (the p-th percentile is a sample, never an interpolation). */
export function summarise(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('no samples to summarise');
  const sorted = Float64Array.from(samples).sort();
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(rank(50)),
    p95: round(rank(95)),
    p99: round(rank(99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    min: round(sorted[0]!),
    max: round(sorted[sorted.length - 1]!),
  };
}
