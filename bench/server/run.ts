/**
 * Server benchmark: email login (init + authenticate), session refresh and users-API lookups against a real
 * `latchkey serve` process, on SQLite and on PostgreSQL; with `--compare better-auth`, Latchkey and
 * Better Auth side by side (compare.ts). Usage: `npm run bench:server -- --help`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBenchApp } from './bench-app.ts';
import { compareWithBetterAuth } from './compare.ts';
import { comparisonTable, type Dialect } from './compare-report.ts';
import { emailLogin } from './email-login.ts';
import { createHttpClient } from './http-client.ts';
import { createIsolatedSchema } from './pg-schema.ts';
import { startServerProcess } from './server-process.ts';
import { prepareSigningWallet, walletCreations, walletSigns } from './server-wallets.ts';
import { loginUsers, sessionRefresh } from './session-refresh.ts';
import { type LatencySummary, Recorder, summarise } from './stats.ts';
import { seedUsers, usersLookup } from './users-lookup.ts';
import { webhookDelivery } from './webhooks.ts';

const scenarioNames = [
  'email_login',
  'session_refresh',
  'users_lookup',
  'webhook_delivery',
  'wallet_create',
  'wallet_sign',
] as const;
type Scenario = (typeof scenarioNames)[number];

interface ResultRow {
  dialect: Dialect;
  /** Server processes (`latchkey serve --workers N`). */
  workers: number;
  scenario: Scenario;
  seconds: number;
  /** Logins (email_login), refreshes (session_refresh) or lookups (users_lookup). */
  operations: number;
  operations_per_second: number;
  requests: number;
  requests_per_second: number;
  /** email_login: the init + authenticate pair; session_refresh: one POST /sessions; users_lookup: one lookup. */
  latency_ms: LatencySummary;
  errors: number;
  error_samples: string[];
  detail?: Record<string, LatencySummary>;
  /** Server CPU per operation (its process tree; the wallet scenarios). */
  cpu_ms_per_operation?: number;
  /** webhook_delivery: how long the logins that produced the events took. */
  produce_seconds?: number;
  /** wallet_sign: whether the wallet had a policy (servers without the policy engine sign without). */
  with_policy?: boolean;
}

const usage = `npm run bench:server -- [options]

  --duration SECONDS     measured time per scenario (default 10)
  --warmup SECONDS       unmeasured warm-up per scenario (default 1)
  --connections N        concurrent loops / keep-alive sockets (default 16; 50 with --compare)
  --users N              users in the app for the users-API lookups (default 1000)
  --pg URL               PostgreSQL to bench on (default: DATABASE_URL; skipped when neither is set)
  --dialect NAME         only this one: sqlite | postgres
  --cpu-prof DIR         write a V8 CPU profile of each server process into DIR
  --webhook-logins N     guest logins whose events are delivered (default 1000)
  --out FILE             results file (default bench/server/results.json)
  --scenarios LIST       only these, comma-separated: ${scenarioNames.join(', ')}

  --compare better-auth  instead of the scenarios above: email logins (every one a sign-up) and session
                         checks against Latchkey and Better Auth 1.7.25, interleaved, with ratios and
                         CPU per operation
  --rounds N             measured runs of each server per scenario with --compare (default 3)
  --workers N            on PostgreSQL, also run the server with \`latchkey serve --workers N\` (N processes
                         on one port): after the one-process run, or with --compare as a third target
  --ba-synchronous MODE  Better Auth's SQLite synchronous pragma: full (SQLite's default) | normal`;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string' },
    users: { type: 'string', default: '1000' },
    pg: { type: 'string' },
    dialect: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'webhook-logins': { type: 'string', default: '1000' },
    out: { type: 'string', default: join(import.meta.dirname, 'results.json') },
    scenarios: { type: 'string' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string' },
    'ba-synchronous': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const positive = (name: string, text: string, integer: boolean) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n < 1)))
    throw new Error(`--${name} must be a ${integer ? 'positive integer' : 'non-negative number'}`);
  return n;
};
const duration = positive('duration', values.duration, false);
const warmup = positive('warmup', values.warmup, false);
if (values.compare !== undefined && values.compare !== 'better-auth')
  throw new Error('--compare only knows better-auth');
const comparing = values.compare === 'better-auth';
const connections = positive('connections', values.connections ?? (comparing ? '50' : '16'), true);
const rounds = positive('rounds', values.rounds, true);
const workers = values.workers === undefined ? undefined : positive('workers', values.workers, true);
const baSynchronous = values['ba-synchronous'];
if (!comparing && baSynchronous !== undefined)
  throw new Error('--ba-synchronous goes with --compare better-auth');
if (baSynchronous !== undefined && baSynchronous !== 'full' && baSynchronous !== 'normal')
  throw new Error('--ba-synchronous must be full or normal');
const userCount = positive('users', values.users, true);
const webhookLogins = positive('webhook-logins', values['webhook-logins'], true);
const pgUrl = values.pg ?? process.env.DATABASE_URL;
if (values.dialect && values.dialect !== 'sqlite' && values.dialect !== 'postgres')
  throw new Error('--dialect must be sqlite or postgres');
if (values.dialect === 'postgres' && !pgUrl)
  throw new Error('--dialect postgres needs --pg URL or DATABASE_URL');
const dialects: Dialect[] = values.dialect
  ? [values.dialect as Dialect]
  : pgUrl
    ? ['sqlite', 'postgres']
    : ['sqlite'];
const scenarios = new Set<Scenario>(
  values.scenarios === undefined ? scenarioNames : (values.scenarios.split(',') as Scenario[]),
);
for (const name of scenarios)
  if (!scenarioNames.includes(name)) throw new Error(`--scenarios: unknown scenario ${name}`);
const cpuProfDir = values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined;
if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });

// Everything started is stopped in reverse order, on success, failure or Ctrl-C. Clean-ups run
// one at a time even when Ctrl-C arrives while a dialect is already cleaning up.
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> = Promise.resolve();
function cleanUp(downTo = 0): Promise<void> {
  cleaning = cleaning.then(async () => {
    while (cleanups.length > downTo) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`cleanup failed: ${(error as Error).message}`);
      }
    }
  });
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const log = (message: string) => console.error(`[bench] ${message}`);

function row(
  [dialect, workers]: [Dialect, number],
  scenario: ResultRow['scenario'],
  seconds: number,
  operations: number,
  requests: number,
  latency: Recorder,
  detail?: Record<string, LatencySummary>,
): ResultRow {
  const rate = (n: number) => Math.round((n / seconds) * 10) / 10;
  return {
    dialect,
    workers,
    scenario,
    seconds: Math.round(seconds * 100) / 100,
    operations,
    operations_per_second: rate(operations),
    requests,
    requests_per_second: rate(requests),
    latency_ms: summarise(latency.samples),
    errors: latency.errors,
    error_samples: latency.errorSamples,
    ...(detail ? { detail } : {}),
  };
}

/** Creates a fresh schema and returns the URL pinned to it; dropped at clean-up. */
async function isolatedSchema(url: string): Promise<{ url: string; version: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  const schema = await createIsolatedSchema(client, url, 'lk_bench');
  cleanups.push(async () => {
    await schema.drop();
    log(`dropped schema ${schema.name}`);
  });
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  return { url: schema.url(), version: rows[0]?.server_version ?? 'unknown' };
}

async function benchDialect(
  dialect: Dialect,
  meta: Record<string, unknown>,
  workers: number,
): Promise<ResultRow[]> {
  const target: [Dialect, number] = [dialect, workers];
  const mark = cleanups.length;
  try {
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const isolated = await isolatedSchema(pgUrl!);
      databaseUrl = isolated.url;
      meta.postgres_version = isolated.version;
    }
    const adminKey = randomBytes(24).toString('base64url');
    const serveArgs = workers > 1 ? ['--workers', String(workers)] : [];
    const server = await startServerProcess({ databaseUrl, adminKey, cpuProfDir, serveArgs });
    cleanups.push(() => server.stop());
    log(`${dialect}: server at ${server.url}${workers > 1 ? ` (${workers} workers)` : ''}`);
    const http = createHttpClient(server.url, { connections });
    cleanups.push(() => http.close());
    const app = await createBenchApp(http, adminKey);

    const rows: ResultRow[] = [];
    if (scenarios.has('email_login')) {
      log(`${dialect}: email login, ${connections} loops, ${warmup} s warm-up + ${duration} s`);
      if (warmup > 0) await emailLogin(http, app, { seconds: warmup, connections });
      const login = await emailLogin(http, app, { seconds: duration, connections });
      rows.push(
        row(target, 'email_login', login.seconds, login.logins, login.requests, login.pair, {
          init: summarise(login.init.samples),
          authenticate: summarise(login.authenticate.samples),
        }),
      );
    }
    if (scenarios.has('session_refresh')) {
      log(`${dialect}: session refresh, ${connections} sessions, ${warmup} s warm-up + ${duration} s`);
      const tokens = await loginUsers(http, app, connections);
      if (warmup > 0) await sessionRefresh(http, app, tokens, { seconds: warmup });
      const refresh = await sessionRefresh(http, app, tokens, { seconds: duration });
      rows.push(
        row(
          target,
          'session_refresh',
          refresh.seconds,
          refresh.refreshes,
          refresh.refreshes,
          refresh.latency,
        ),
      );
    }
    if (scenarios.has('users_lookup')) {
      log(
        `${dialect}: users-API lookups, ${userCount} users, ${connections} loops, ${warmup} s warm-up + ${duration} s`,
      );
      const seeded = await seedUsers(http, app, userCount);
      if (warmup > 0) await usersLookup(http, app, seeded, { seconds: warmup, connections });
      const lookup = await usersLookup(http, app, seeded, { seconds: duration, connections });
      rows.push(
        row(target, 'users_lookup', lookup.seconds, lookup.lookups, lookup.lookups, lookup.latency, {
          get_user_by_id: summarise(lookup.byId.samples),
          user_by_email: summarise(lookup.byEmail.samples),
        }),
      );
    }
    if (scenarios.has('webhook_delivery')) {
      log(`${dialect}: webhook delivery, ${webhookLogins} guest logins (2 events each) to a local receiver`);
      const hooks = await webhookDelivery(http, adminKey, { logins: webhookLogins, connections });
      // No per-request latency here: the figure is the rate. Failed logins or unverified deliveries count as errors.
      const hookLatency = new Recorder();
      for (let i = 0; i < hooks.errors; i++) hookLatency.fail('a login failed or a delivery did not verify');
      rows.push({
        ...row(target, 'webhook_delivery', hooks.seconds, hooks.deliveries, hooks.deliveries, hookLatency),
        produce_seconds: Math.round(hooks.produceSeconds * 100) / 100,
      });
    }
    if (scenarios.has('wallet_create')) {
      log(`${dialect}: server-wallet creations, ${connections} loops, ${warmup} s warm-up + ${duration} s`);
      if (warmup > 0) await walletCreations(http, app, server.pid, { seconds: warmup, connections });
      const created = await walletCreations(http, app, server.pid, { seconds: duration, connections });
      rows.push({
        ...row(
          target,
          'wallet_create',
          created.seconds,
          created.operations,
          created.operations,
          created.latency,
        ),
        cpu_ms_per_operation: Math.round(created.cpuMsPerOperation * 1000) / 1000,
      });
    }
    if (scenarios.has('wallet_sign')) {
      log(
        `${dialect}: server-wallet personal_sign (2-of-3 quorum, policy), ${connections} loops, ${warmup} s warm-up + ${duration} s`,
      );
      const prepared = await prepareSigningWallet(http, app, server.url);
      if (warmup > 0) await walletSigns(http, prepared, server.pid, { seconds: warmup, connections });
      const signed = await walletSigns(http, prepared, server.pid, { seconds: duration, connections });
      rows.push({
        ...row(
          target,
          'wallet_sign',
          signed.seconds,
          signed.operations,
          signed.operations,
          signed.latency,
          undefined,
        ),
        cpu_ms_per_operation: Math.round(signed.cpuMsPerOperation * 1000) / 1000,
        with_policy: signed.withPolicy ?? false,
      });
    }
    for (const r of rows)
      if (r.errors > 0)
        log(`${dialect} ${r.scenario}: ${r.errors} errors, e.g.\n  ${r.error_samples.join('\n  ')}`);
    return rows;
  } finally {
    await cleanUp(mark);
  }
}

function markdownTable(rows: ResultRow[]): string {
  const fmt = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));
  const lines = [
    '| Dialect | Workers | Scenario | Ops/s | Requests/s | p50 (ms) | p99 (ms) | Errors |',
    '|---|--:|---|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const scenario = {
      email_login: 'email login (init + authenticate)',
      session_refresh: 'session refresh',
      users_lookup: `users-API lookup (GET /v1/users/:id, POST /users/email/address; ${userCount} users)`,
      webhook_delivery: 'webhook deliveries (signed, to a local receiver)',
      wallet_create: 'server-wallet creations (POST /v1/wallets)',
      wallet_sign: 'server-wallet personal_sign (2-of-3 quorum signatures, policy)',
    }[r.scenario];
    const ops =
      r.scenario === 'email_login'
        ? `${fmt(r.operations_per_second)} logins/s`
        : r.scenario === 'users_lookup'
          ? `${fmt(r.operations_per_second)} lookups/s`
          : r.scenario === 'webhook_delivery'
            ? `${fmt(r.operations_per_second)} deliveries/s`
            : r.scenario === 'wallet_create'
              ? `${fmt(r.operations_per_second)} creations/s, ${fmt(r.cpu_ms_per_operation ?? Number.NaN)} ms CPU each`
              : r.scenario === 'wallet_sign'
                ? `${fmt(r.operations_per_second)} signs/s, ${fmt(r.cpu_ms_per_operation ?? Number.NaN)} ms CPU each`
                : '–';
    lines.push(
      `| ${r.dialect} | ${r.workers} | ${scenario} | ${ops} | ${fmt(r.requests_per_second)} | ${fmt(r.latency_ms.p50)} | ${fmt(r.latency_ms.p99)} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Writes this run's part of the results file, keeping the other part (the scenarios' `results` or
 * the `better_auth_comparison`) from an earlier run.
 */
function writeResults(part: Record<string, unknown>) {
  let earlier: Record<string, unknown> = {};
  try {
    if (existsSync(values.out)) earlier = JSON.parse(readFileSync(values.out, 'utf8'));
  } catch {}
  writeFileSync(values.out, `${JSON.stringify({ ...earlier, ...part }, null, 2)}\n`);
  log(`wrote ${values.out}`);
}

async function runComparison(meta: Record<string, unknown>) {
  const comparison = await compareWithBetterAuth(
    {
      dialects,
      pgUrl,
      duration,
      warmup,
      connections,
      rounds,
      workers,
      betterAuthSynchronous: baSynchronous as 'full' | 'normal' | undefined,
      cleanups,
      cleanUp,
      log,
    },
    meta,
  );
  console.log(`\n${comparisonTable(comparison)}\n`);
  console.log(
    `${meta.cpu} × ${meta.cpu_count}, Node ${meta.node}${meta.postgres_version ? `, PostgreSQL ${meta.postgres_version}` : ''}; ` +
      `${connections} connections, ${rounds} interleaved rounds of ${duration} s per server and scenario; medians. ` +
      'CPU: the server process tree from /proc plus, on PostgreSQL, its backends (see bench/README.md).',
  );
  writeResults({ better_auth_comparison: { meta, results: comparison } });
  if (comparison.some((c) => Object.values(c.summary).some((s) => s.errors > 0))) process.exitCode = 1;
}

async function runScenarios(meta: Record<string, unknown>) {
  const rows: ResultRow[] = [];
  for (const dialect of dialects) {
    rows.push(...(await benchDialect(dialect, meta, 1)));
    // Several workers need PostgreSQL (SQLite is one process's file).
    if (dialect === 'postgres' && workers !== undefined && workers > 1)
      rows.push(...(await benchDialect(dialect, meta, workers)));
  }
  const table = markdownTable(rows);
  console.log(`\n${table}\n`);
  console.log(
    `${meta.cpu} × ${meta.cpu_count}, Node ${meta.node}${meta.postgres_version ? `, PostgreSQL ${meta.postgres_version}` : ''}; ` +
      `${connections} connections, ${duration} s per scenario. Login latency is the init + authenticate pair ` +
      '(the dev-outbox read between them is not timed, but its server time is in the wall clock).',
  );
  writeResults({ meta, results: rows });
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
}

try {
  const meta: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpu_count: cpus().length,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    duration_seconds: duration,
    warmup_seconds: warmup,
    connections,
  };
  if (comparing) {
    Object.assign(meta, {
      rounds,
      workers: workers ?? null,
      better_auth_synchronous: baSynchronous ?? 'full',
    });
    await runComparison(meta);
  } else {
    meta.users = userCount;
    await runScenarios(meta);
  }
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
