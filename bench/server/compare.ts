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
import {
  betterAuth,
  type ComparedScenario,
  type Dialect,
  type MeasuredRun,
  round2,
  type ScenarioComparison,
  scenarioComparison,
} from './compare-report.ts';
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
import { type ScenarioRun, summarise } from './stats.ts';

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

const scenarios: ComparedScenario[] = ['email_login', 'session_check'];

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

/** A Latchkey server with its bench app (created through the admin API). */
async function latchkeyTarget(
  name: string,
  server: ChildServer,
  http: HttpClient,
  adminKey: string,
  params: ComparisonParameters,
  applicationName?: string,
): Promise<Target> {
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
      targets.push(await latchkeyTarget(name, server, http, adminKey, params, applicationName));
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
      results.push(scenarioComparison(dialect, scenario, runs));
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
