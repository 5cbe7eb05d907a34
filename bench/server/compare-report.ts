/** The comparison's figures: one run's record, medians over the rounds, ratios, and the table. */
import type { LatencySummary } from './stats.ts';

export type Dialect = 'sqlite' | 'postgres';
export type ComparedScenario = 'email_login' | 'session_check';
/** The target the others are compared with. */
export const betterAuth = 'better-auth';

/** One measured run of one target, with the CPU it cost. */
export interface MeasuredRun {
  target: string;
  round: number;
  seconds: number;
  operations: number;
  operations_per_second: number;
  latency_ms: LatencySummary;
  errors: number;
  error_samples: string[];
  /** CPU time in the run: the server's process tree, its PostgreSQL backends (null on SQLite), the load generator. */
  cpu_ms: { server: number; database: number | null; bench: number };
  cpu_ms_per_operation: { server: number; database: number | null; server_and_database: number };
}

export interface TargetSummary {
  /** Medians over the rounds. */
  operations_per_second: number;
  p50_ms: number;
  p99_ms: number;
  cpu_ms_per_operation: number;
  errors: number;
}

export interface ScenarioComparison {
  dialect: Dialect;
  scenario: ComparedScenario;
  runs: MeasuredRun[];
  summary: Record<string, TargetSummary>;
  /** Each Latchkey target against Better Auth. */
  ratios: Record<
    string,
    {
      /** Median throughput over Better Auth's median; above 1 is faster. */
      throughput: number;
      /** Lowest and highest of the round-by-round ratios (round r against round r). */
      throughput_rounds: [number, number];
      /** Better Auth's median CPU per operation (server + database) over this target's; above 1 is cheaper. */
      cpu_per_operation: number;
    }
  >;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Medians over the rounds of each target, and each Latchkey target's ratios against Better Auth. */
export function scenarioComparison(
  dialect: Dialect,
  scenario: ComparedScenario,
  runs: MeasuredRun[],
): ScenarioComparison {
  const names = [...new Set(runs.map((r) => r.target))];
  const of = (name: string) => runs.filter((r) => r.target === name);
  const summary: Record<string, TargetSummary> = {};
  for (const name of names) {
    const mine = of(name);
    summary[name] = {
      operations_per_second: round2(median(mine.map((r) => r.operations_per_second))),
      p50_ms: round2(median(mine.map((r) => r.latency_ms.p50))),
      p99_ms: round2(median(mine.map((r) => r.latency_ms.p99))),
      cpu_ms_per_operation: round2(median(mine.map((r) => r.cpu_ms_per_operation.server_and_database))),
      errors: mine.reduce((n, r) => n + r.errors, 0),
    };
  }
  const ratios: ScenarioComparison['ratios'] = {};
  const base = summary[betterAuth];
  if (base) {
    for (const name of names.filter((n) => n !== betterAuth)) {
      const perRound = of(name).flatMap((r) => {
        const other = of(betterAuth).find((b) => b.round === r.round);
        return other ? [r.operations_per_second / other.operations_per_second] : [];
      });
      ratios[name] = {
        throughput: round2(summary[name]!.operations_per_second / base.operations_per_second),
        throughput_rounds: [round2(Math.min(...perRound)), round2(Math.max(...perRound))],
        cpu_per_operation: round2(base.cpu_ms_per_operation / summary[name]!.cpu_ms_per_operation),
      };
    }
  }
  return { dialect, scenario, runs, summary, ratios };
}

/** The comparison as a markdown table: medians over the rounds, ratios against Better Auth. */
export function comparisonTable(results: ScenarioComparison[]): string {
  const fmt = (n: number, digits = 1) =>
    Number.isFinite(n)
      ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
      : '–';
  const lines = [
    '| Dialect | Scenario | Target | Ops/s | vs Better Auth (rounds) | CPU ms/op (server + db) | Better Auth CPU / this | p50 ms | p99 ms | Errors |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of results) {
    for (const [target, s] of Object.entries(r.summary)) {
      const ratio = r.ratios[target];
      lines.push(
        `| ${r.dialect} | ${r.scenario === 'email_login' ? 'email login (sign-up)' : 'session check'} | ${target} | ` +
          `${fmt(s.operations_per_second, 0)} | ${ratio ? `${fmt(ratio.throughput, 2)}× (${fmt(ratio.throughput_rounds[0], 2)}–${fmt(ratio.throughput_rounds[1], 2)})` : '–'} | ` +
          `${fmt(s.cpu_ms_per_operation, 2)} | ${ratio ? `${fmt(ratio.cpu_per_operation, 2)}×` : '–'} | ` +
          `${fmt(s.p50_ms)} | ${fmt(s.p99_ms)} | ${s.errors} |`,
      );
    }
  }
  return lines.join('\n');
}
