import { describe, expect, it } from 'vitest';
import { type MeasuredRun, scenarioComparison } from './compare-report.ts';

function run(target: string, round: number, perSecond: number, cpuPerOperation: number): MeasuredRun {
  return {
    target,
    round,
    seconds: 5,
    operations: perSecond * 5,
    operations_per_second: perSecond,
    latency_ms: { p50: 10, p99: 20, mean: 11, max: 30 },
    errors: 0,
    error_samples: [],
    cpu_ms: { server: cpuPerOperation * perSecond * 5, database: null, bench: 0 },
    cpu_ms_per_operation: { server: cpuPerOperation, database: null, server_and_database: cpuPerOperation },
  };
}

describe('scenarioComparison', () => {
  it('compares medians over the rounds and gives the round-by-round range', () => {
    const result = scenarioComparison('sqlite', 'email_login', [
      run('latchkey', 1, 300, 2),
      run('better-auth', 1, 100, 4),
      run('latchkey', 2, 100, 3),
      run('better-auth', 2, 80, 5),
      run('latchkey', 3, 200, 2.5),
      run('better-auth', 3, 100, 6),
    ]);
    expect(result.summary.latchkey?.operations_per_second).toBe(200);
    expect(result.summary['better-auth']?.operations_per_second).toBe(100);
    // Medians 200 / 100; rounds 3, 1.25 and 2; CPU medians 5 / 2.5.
    expect(result.ratios.latchkey).toEqual({
      throughput: 2,
      throughput_rounds: [1.25, 3],
      cpu_per_operation: 2,
    });
    expect(result.ratios['better-auth']).toBeUndefined();
  });
});
