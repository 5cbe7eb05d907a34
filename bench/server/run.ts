/**
 * Server benchmark: email login (init + authenticate), session refresh and users-API lookups against a real
 * `latchkey serve` process, on SQLite and on PostgreSQL. Usage: `npm run bench:server -- --help`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBenchApp } from './bench-app.ts';
import { emailLogin } from './email-login.ts';
import { createHttpClient } from './http-client.ts';
import { startServerProcess } from './server-process.ts';
import { loginUsers, sessionRefresh } from './session-refresh.ts';
import { type LatencySummary, Recorder, summarise } from './stats.ts';
import { seedUsers, usersLookup } from './users-lookup.ts';
import { webhookDelivery } from './webhooks.ts';

type Dialect = 'sqlite' | 'postgres';

interface ResultRow {
  dialect: Dialect;
  /** Server processes (`latchkey serve --workers N`). */
  workers: number;
  scenario: 'email_login' | 'session_refresh' | 'users_lookup' | 'webhook_delivery';
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
}

const usage = `npm run bench:server -- [options]

  --duration SECONDS     measured time per scenario (default 10)
  --warmup SECONDS       unmeasured warm-up per scenario (default 1)
  --connections N        concurrent loops / keep-alive sockets (default 16)
  --users N              users in the app for the users-API lookups (default 1000)
  --pg URL               PostgreSQL to bench on (default: DATABASE_URL; skipped when neither is set)
  --dialect NAME         only this one: sqlite | postgres
  --workers N            on PostgreSQL, also run the server with --workers N (N processes on one
                         port) after the run with one process, and report both
  --cpu-prof DIR         write a V8 CPU profile of each server process into DIR
  --webhook-logins N     guest logins whose events are delivered (default 1000)
  --out FILE             results file (default bench/server/results.json)`;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '16' },
    users: { type: 'string', default: '1000' },
    pg: { type: 'string' },
    dialect: { type: 'string' },
    workers: { type: 'string', default: '1' },
    'cpu-prof': { type: 'string' },
    'webhook-logins': { type: 'string', default: '1000' },
    out: { type: 'string', default: join(import.meta.dirname, 'results.json') },
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
const connections = positive('connections', values.connections, true);
const userCount = positive('users', values.users, true);
const webhookLogins = positive('webhook-logins', values['webhook-logins'], true);
const workers = positive('workers', values.workers, true);
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
  const schema = `lk_bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  await client.query(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    log(`dropped schema ${schema}`);
  });
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  const pinned = new URL(url);
  pinned.searchParams.set('options', `-c search_path=${schema}`);
  return { url: pinned.toString(), version: rows[0]?.server_version ?? 'unknown' };
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
    const server = await startServerProcess({ databaseUrl, adminKey, cpuProfDir, workers });
    cleanups.push(() => server.stop());
    log(`${dialect}: server at ${server.url}${workers > 1 ? ` (${workers} workers)` : ''}`);
    const http = createHttpClient(server.url, { connections });
    cleanups.push(() => http.close());
    const app = await createBenchApp(http, adminKey);

    log(`${dialect}: email login, ${connections} loops, ${warmup} s warm-up + ${duration} s`);
    if (warmup > 0) await emailLogin(http, app, { seconds: warmup, connections });
    const login = await emailLogin(http, app, { seconds: duration, connections });

    log(`${dialect}: session refresh, ${connections} sessions, ${warmup} s warm-up + ${duration} s`);
    const tokens = await loginUsers(http, app, connections);
    if (warmup > 0) await sessionRefresh(http, app, tokens, { seconds: warmup });
    const refresh = await sessionRefresh(http, app, tokens, { seconds: duration });

    log(
      `${dialect}: users-API lookups, ${userCount} users, ${connections} loops, ${warmup} s warm-up + ${duration} s`,
    );
    const seeded = await seedUsers(http, app, userCount);
    if (warmup > 0) await usersLookup(http, app, seeded, { seconds: warmup, connections });
    const lookup = await usersLookup(http, app, seeded, { seconds: duration, connections });
    log(`${dialect}: webhook delivery, ${webhookLogins} guest logins (2 events each) to a local receiver`);
    const hooks = await webhookDelivery(http, adminKey, { logins: webhookLogins, connections });
    // No per-request latency here: the figure is the rate. Failed logins or unverified deliveries count as errors.
    const hookLatency = new Recorder();
    for (let i = 0; i < hooks.errors; i++) hookLatency.fail('a login failed or a delivery did not verify');

    const rows = [
      row(target, 'email_login', login.seconds, login.logins, login.requests, login.pair, {
        init: summarise(login.init.samples),
        authenticate: summarise(login.authenticate.samples),
      }),
      row(target, 'session_refresh', refresh.seconds, refresh.refreshes, refresh.refreshes, refresh.latency),
      row(target, 'users_lookup', lookup.seconds, lookup.lookups, lookup.lookups, lookup.latency, {
        get_user_by_id: summarise(lookup.byId.samples),
        user_by_email: summarise(lookup.byEmail.samples),
      }),
      {
        ...row(target, 'webhook_delivery', hooks.seconds, hooks.deliveries, hooks.deliveries, hookLatency),
        produce_seconds: Math.round(hooks.produceSeconds * 100) / 100,
      },
    ];
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
    }[r.scenario];
    const ops =
      r.scenario === 'email_login'
        ? `${fmt(r.operations_per_second)} logins/s`
        : r.scenario === 'users_lookup'
          ? `${fmt(r.operations_per_second)} lookups/s`
          : r.scenario === 'webhook_delivery'
            ? `${fmt(r.operations_per_second)} deliveries/s`
            : '–';
    lines.push(
      `| ${r.dialect} | ${r.workers} | ${scenario} | ${ops} | ${fmt(r.requests_per_second)} | ${fmt(r.latency_ms.p50)} | ${fmt(r.latency_ms.p99)} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
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
    users: userCount,
  };
  const rows: ResultRow[] = [];
  for (const dialect of dialects) {
    rows.push(...(await benchDialect(dialect, meta, 1)));
    // Several workers need PostgreSQL (SQLite is one process's file).
    if (dialect === 'postgres' && workers > 1) rows.push(...(await benchDialect(dialect, meta, workers)));
  }
  const table = markdownTable(rows);
  console.log(`\n${table}\n`);
  console.log(
    `${meta.cpu} × ${meta.cpu_count}, Node ${meta.node}${meta.postgres_version ? `, PostgreSQL ${meta.postgres_version}` : ''}; ` +
      `${connections} connections, ${duration} s per scenario. Login latency is the init + authenticate pair ` +
      '(the dev-outbox read between them is not timed, but its server time is in the wall clock).',
  );
  writeFileSync(values.out, `${JSON.stringify({ meta, results: rows }, null, 2)}\n`);
  log(`wrote ${values.out}`);
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
