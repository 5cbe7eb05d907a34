/** Latency samples in milliseconds plus a count of failed requests, for one scenario run. */
export class Recorder {
  readonly samples: number[] = [];
  errors = 0;
  /** The first few failures, to show why a run went wrong. */
  readonly errorSamples: string[] = [];

  record(ms: number): void {
    this.samples.push(ms);
  }

  fail(reason: string): void {
    this.errors += 1;
    if (this.errorSamples.length < 5) this.errorSamples.push(reason);
  }
}

/** One measured run of a scenario against one server. */
export interface ScenarioRun {
  seconds: number;
  operations: number;
  /** Per operation: the timed requests of one login (code reads are harness), or one session check. */
  latency: Recorder;
}

export interface LatencySummary {
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles of the samples, rounded to 0.01 ms. */
export function summarise(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) return { p50: Number.NaN, p99: Number.NaN, mean: Number.NaN, max: Number.NaN };
  const sorted = Float64Array.from(samples).sort();
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    p50: round(rank(50)),
    p99: round(rank(99)),
    mean: round(sum / sorted.length),
    max: round(sorted[sorted.length - 1]!),
  };
}

/** Runs `loops` copies of `iteration` back to back until `seconds` have passed; returns the wall time. */
export async function runFor(
  seconds: number,
  loops: number,
  iteration: (loop: number) => Promise<void>,
): Promise<number> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (performance.now() < deadline) await iteration(loop);
    }),
  );
  return (performance.now() - start) / 1000;
}
