/**
 * `npm run bench:server -- --compare better-auth`: Latchkey and Better Auth 1.7.25 side by side, driven
 * by the same load generator, runs interleaved (A, B, A, B…) so drifting machine load falls on both,
 * with throughput ratios and CPU per operation (server process tree and its database backends).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createBenchApp } from './bench-app.ts';
import { startBetterAuthProcess } from './better-auth/process.ts';
import { betterAuthLogin, betterAuthSessionCheck, betterAuthSessions } from './better-auth/scenarios.ts';
import type { ChildServer } from './child-server.ts';
import { emailLogin } from './email-login.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { backendPids, createIsolatedSchema } from './pg-schema.ts';
import {
  type CpuSnapshot,
  clockTicksPerSecond,
  cpuMillisBetween,
  snapshotProcesses,
  snapshotProcessTree,
} from './process-cpu.ts';
import { startServerProcess } from './server-process.ts';
import { accessTokens, sessionCheck } from './session-check.ts';
import { type LatencySummary, type ScenarioRun, summarise } from './stats.ts';

export type Dialect = 'sqlite' | 'postgres';
export type ComparedScenario = 'email_login' | 'session_check';
const scenarios: ComparedScenario[] = ['email_login', 'session_check'];
const betterAuth = 'better-auth';

export interface ComparisonParameters {
  dialects: Dialect[];
  pgUrl?: string | undefined;
  duration: number;
  warmup: number;
  connections: number;
  /** Measured runs of each target per scenario, interleaved. */
  rounds: number;
  /** Also run Latchkey with `latchkey serve --workers N` (the multi-process server of issue 17). */
  workers?: number | undefined;
  /** Better Auth's SQLite `synchronous` (SQLite's default, FULL, when absent). */
  betterAuthSynchronous?: 'full' | 'normal' | undefined;
  /** Clean-ups of what was started, run in reverse by the caller (also on Ctrl-C). */
  cleanups: (() => Promise<void> | void)[];
  cleanUp(downTo: number): Promise<void>;
  log(message: string): void;
}

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

/** A server under test and how to drive it. */
interface Target {
  name: string;
  server: ChildServer;
  /** The `application_name` its PostgreSQL pool connects with. */
  applicationName?: string | undefined;
  login(seconds: number): Promise<ScenarioRun>;
  prepareSessionChecks(): Promise<void>;
  sessionCheck(seconds: number): Promise<ScenarioRun>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function latchkeyTarget(name: string, server: ChildServer, http: HttpClient, params: ComparisonParameters) {
  return async (adminKey: string, applicationName?: string): Promise<Target> => {
    const app = await createBenchApp(http, adminKey);
    let tokens: string[] = [];
    return {
      name,
      server,
      applicationName,
      async login(seconds) {
        const run = await emailLogin(http, app, { seconds, connections: params.connections });
        return { seconds: run.seconds, operations: run.logins, latency: run.pair };
      },
      async prepareSessionChecks() {
        tokens = await accessTokens(http, app, params.connections);
      },
      sessionCheck: (seconds) => sessionCheck(http, app, tokens, { seconds }),
    };
  };
}

function betterAuthTarget(
  server: ChildServer,
  http: HttpClient,
  params: ComparisonParameters,
  applicationName?: string,
): Target {
  let cookies: string[] = [];
  return {
    name: betterAuth,
    server,
    applicationName,
    login: (seconds) => betterAuthLogin(http, { seconds, connections: params.connections }),
    async prepareSessionChecks() {
      cookies = await betterAuthSessions(http, params.connections);
    },
    sessionCheck: (seconds) => betterAuthSessionCheck(http, cookies, { seconds }),
  };
}

/** Runs `run` and reads the CPU the target's processes and database backends spent meanwhile. */
async function measured(
  target: Target,
  round: number,
  db: pg.Client | null,
  ticks: number,
  run: () => Promise<ScenarioRun>,
): Promise<MeasuredRun> {
  const backends = async () =>
    db && target.applicationName ? await backendPids(db, target.applicationName) : [];
  const backendsBefore = await backends();
  const dbBefore = snapshotProcesses(backendsBefore);
  const serverBefore = snapshotProcessTree(target.server.pid);
  const benchBefore = process.cpuUsage();
  const result = await run();
  const bench = process.cpuUsage(benchBefore);
  const serverAfter = snapshotProcessTree(target.server.pid);
  const dbAfter: CpuSnapshot = snapshotProcesses(new Set([...backendsBefore, ...(await backends())]));

  const server = cpuMillisBetween(serverBefore, serverAfter, ticks);
  const database = db ? cpuMillisBetween(dbBefore, dbAfter, ticks) : null;
  const per = (ms: number) => (result.operations > 0 ? round2(ms / result.operations) : Number.NaN);
  return {
    target: target.name,
    round,
    seconds: round2(result.seconds),
    operations: result.operations,
    operations_per_second: Math.round((result.operations / result.seconds) * 10) / 10,
    latency_ms: summarise(result.latency.samples),
    errors: result.latency.errors,
    error_samples: result.latency.errorSamples,
    cpu_ms: {
      server: Math.round(server),
      database: database === null ? null : Math.round(database),
      bench: Math.round((bench.user + bench.system) / 1000),
    },
    cpu_ms_per_operation: {
      server: per(server),
      database: database === null ? null : per(database),
      server_and_database: per(server + (database ?? 0)),
    },
  };
}

function summarize(dialect: Dialect, scenario: ComparedScenario, runs: MeasuredRun[]): ScenarioComparison {
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

async function compareOn(dialect: Dialect, params: ComparisonParameters, meta: Record<string, unknown>) {
  const { cleanups, log } = params;
  const mark = cleanups.length;
  try {
    // On PostgreSQL each server gets its own fresh schema and a pool tagged with its own
    // application name, so its backends (and their CPU) can be told apart.
    let db: pg.Client | null = null;
    const databaseUrl = async (target: string) => {
      if (!db) return { url: undefined, applicationName: undefined };
      const schema = await createIsolatedSchema(db, params.pgUrl!, `${target.replace(/\W/g, '_')}_bench`);
      cleanups.push(async () => {
        await schema.drop();
        log(`dropped schema ${schema.name}`);
      });
      const applicationName = schema.name;
      return { url: schema.url(applicationName), applicationName };
    };
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: params.pgUrl });
      await client.connect();
      cleanups.push(() => client.end());
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      meta.postgres_version = rows[0]?.server_version ?? 'unknown';
      db = client;
    }

    const targets: Target[] = [];
    const startLatchkey = async (name: string, serveArgs: string[]) => {
      const { url, applicationName } = await databaseUrl('lk');
      const adminKey = randomBytes(24).toString('base64url');
      const server = await startServerProcess({ databaseUrl: url, adminKey, serveArgs });
      cleanups.push(() => server.stop());
      const http = createHttpClient(server.url, { connections: params.connections });
      cleanups.push(() => http.close());
      targets.push(await latchkeyTarget(name, server, http, params)(adminKey, applicationName));
      log(`${dialect}: ${name} at ${server.url}`);
    };
    await startLatchkey('latchkey', []);
    {
      const { url, applicationName } = await databaseUrl('ba');
      const server = await startBetterAuthProcess({
        databaseUrl: url,
        sqliteSynchronous: params.betterAuthSynchronous,
      });
      cleanups.push(() => server.stop());
      const http = createHttpClient(server.url, { connections: params.connections });
      cleanups.push(() => http.close());
      targets.push(betterAuthTarget(server, http, params, applicationName));
      log(`${dialect}: better-auth at ${server.url}`);
    }
    if (params.workers) {
      const name = `latchkey-${params.workers}-workers`;
      try {
        await startLatchkey(name, ['--workers', String(params.workers)]);
      } catch (error) {
        log(
          `${dialect}: ${name} did not start, left out: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`,
        );
      }
    }

    const ticks = clockTicksPerSecond();
    const results: ScenarioComparison[] = [];
    for (const scenario of scenarios) {
      if (scenario === 'session_check') for (const target of targets) await target.prepareSessionChecks();
      const runs: MeasuredRun[] = [];
      for (let round = 1; round <= params.rounds; round++) {
        for (const target of targets) {
          const drive = (seconds: number) =>
            scenario === 'email_login' ? target.login(seconds) : target.sessionCheck(seconds);
          if (params.warmup > 0) await drive(params.warmup);
          const run = await measured(target, round, db, ticks, () => drive(params.duration));
          runs.push(run);
          log(
            `${dialect} ${scenario} round ${round} ${target.name}: ${run.operations_per_second}/s, ` +
              `${run.cpu_ms_per_operation.server_and_database} ms CPU/op, ${run.errors} errors`,
          );
          if (run.errors > 0) log(`  e.g. ${run.error_samples.join('\n  ')}`);
        }
      }
      results.push(summarize(dialect, scenario, runs));
    }
    return results;
  } finally {
    await params.cleanUp(mark);
  }
}

/**
 * Runs the comparison on each dialect: Latchkey and Better Auth servers side by side, each scenario
 * in `rounds` interleaved rounds, every run after its own warm-up.
 */
export async function compareWithBetterAuth(
  params: ComparisonParameters,
  meta: Record<string, unknown>,
): Promise<ScenarioComparison[]> {
  const results: ScenarioComparison[] = [];
  for (const dialect of params.dialects) results.push(...(await compareOn(dialect, params, meta)));
  return results;
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
