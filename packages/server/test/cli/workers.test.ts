import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testOrigin } from '@latchkey/test/server';
import {
  cleanEnv,
  postgresSchema,
  runCli,
  type ServerProcess,
  startServerProcess,
} from '@latchkey/test/server/processes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';

// Each server here is three Node processes loading the server's sources.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  requestId: string;
}

/**
 * One request on a connection of its own (no keep-alive agent): the cluster hands each new
 * connection to the next worker, so successive calls reach different workers. `slowBody` sends the
 * body in two halves, the second once that promise resolves: a request in flight for that long.
 */
function call(
  url: string,
  path: string,
  options: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    slowBody?: Promise<void>;
  } = {},
): Promise<Answer> {
  const requestId = `w-${randomBytes(6).toString('hex')}`;
  const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        agent: false,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: {
          'x-request-id': requestId,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text || '{}'), requestId }));
      },
    );
    req.on('error', reject);
    if (!body) return void req.end();
    if (!options.slowBody) return void req.end(body);
    req.write(body.subarray(0, 5));
    void options.slowBody.then(() => req.end(body.subarray(5)));
  });
}

/** The JSON log lines a server printed. */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits until `find` returns something, or fails after 15 s with the server's output. */
async function until<T>(server: ServerProcess, find: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not seen within 15 s; output:\n${server.output()}`);
}

/** The pid of the worker that answered a request: its access line carries the pid (`worker`). */
function workerOf(server: ServerProcess, answer: Answer): Promise<number> {
  return until(server, () => {
    const line = logLines(server).find((l) => l.message === 'request' && l.request_id === answer.requestId);
    return line ? (line.worker as number) : undefined;
  });
}

/** An app created with the admin key the server printed, and the headers its calls take. */
async function createApp(server: ServerProcess) {
  const adminKey = server.output().match(/Admin key \(shown once, keep it safe\): (\S+)/)?.[1];
  const created = await call(server.url, '/admin/v1/apps', {
    headers: { authorization: `Bearer ${adminKey}` },
    body: { name: 'Workers', allowed_domains: [testOrigin] },
  });
  expect(created.status).toBe(200);
  const appId = created.body.id as string;
  const secret = created.body.secret as string;
  return {
    adminKey,
    appId,
    appHeaders: { 'privy-app-id': appId, origin: testOrigin },
    basic: {
      'privy-app-id': appId,
      authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
    },
  };
}

/**
 * Sends SIGTERM while a code request is in flight (its body half sent), waits for `stopping` in the
 * log, checks the server is still up, then sends the rest: the request is answered, and the server
 * exits 0.
 */
async function expectGracefulStop(
  server: ServerProcess,
  appHeaders: Record<string, string>,
  stopping: string,
) {
  let sendRest!: () => void;
  const rest = new Promise<void>((resolve) => (sendRest = resolve));
  const email = `slow-${randomBytes(4).toString('hex')}@example.com`;
  const slow = call(server.url, '/api/v1/passwordless/init', {
    headers: appHeaders,
    body: { email },
    slowBody: rest,
  });
  // The request has reached the server (its headers are read) before the signal.
  await new Promise((r) => setTimeout(r, 1_000));
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  await until(server, () => logLines(server).find((l) => l.message === stopping));
  await new Promise((r) => setTimeout(r, 500));
  expect(server.child.exitCode).toBe(null);
  sendRest();
  expect((await slow).status).toBe(200);
  expect(await exited).toBe(0);
}

/** Starts `serve --workers 2` on a fresh schema, in development mode (port 0, the dev outbox). */
async function startWorkers(extraEnv: NodeJS.ProcessEnv) {
  const schema = await postgresSchema('lk_workers');
  const dataDir = await mkdtemp(join(tmpdir(), 'lk-workers-'));
  const env = { ...cleanEnv(), DATABASE_URL: schema.url, LATCHKEY_DEVELOPMENT: 'true', ...extraEnv };
  const server = await startServerProcess(['serve', '--port', '0', '--workers', '2', '--data-dir', dataDir], {
    env,
    timeoutMs: 90_000,
  });
  return {
    server,
    ...(await createApp(server)),
    async stop() {
      await server.stop('SIGKILL');
      await schema.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}.keys`, { recursive: true, force: true });
    },
  };
}

type Workers = Awaited<ReturnType<typeof startWorkers>>;

/**
 * Four codes to one address on four connections: the budget is three per address, so the fourth
 * is refused although the calls were spread over both workers.
 */
async function expectSharedCodeBudget(t: Workers) {
  const email = `budget-${randomBytes(4).toString('hex')}@example.com`;
  const sends: Answer[] = [];
  for (let i = 0; i < 4; i++)
    sends.push(
      await call(t.server.url, '/api/v1/passwordless/init', { headers: t.appHeaders, body: { email } }),
    );
  expect(sends.map((s) => s.status)).toEqual([200, 200, 200, 429]);
  expect(new Set(await Promise.all(sends.map((s) => workerOf(t.server, s)))).size).toBe(2);
  return email;
}

describe('latchkey serve on SQLite: one process', () => {
  it('one process (the default) also lets a request in flight finish on SIGTERM, then exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lk-one-'));
    const env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
    const server = await startServerProcess(['serve', '--port', '0', '--data-dir', dataDir], { env });
    try {
      const { appHeaders } = await createApp(server);
      await expectGracefulStop(
        server,
        appHeaders,
        'stopping: no new connections, finishing the requests in flight',
      );
    } finally {
      await server.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}.keys`, { recursive: true, force: true });
    }
  });

  it('refuses more than one worker, says why, and creates no data dir', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'lk-workers-sqlite-'));
    const dataDir = join(parent, 'data');
    const env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
    try {
      for (const [args, extra] of [
        [['--workers', '2'], {}],
        [[], { LATCHKEY_WORKERS: '2' }],
      ] as const) {
        const result = await runCli(['serve', '--port', '0', '--data-dir', dataDir, ...args], {
          env: { ...env, ...extra },
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('--workers 2 needs PostgreSQL (DATABASE_URL)');
        expect(result.stderr).toContain('one file that one process writes at a time');
        expect(existsSync(dataDir)).toBe(false);
      }
      const bad = await runCli(['serve', '--workers', 'many', '--data-dir', dataDir], { env });
      expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('Invalid --workers "many"') });
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!databaseUrl || !redisUrl)('latchkey serve --workers 2 on PostgreSQL with Redis', () => {
  let t: Workers;
  beforeAll(async () => {
    t = await startWorkers({ REDIS_URL: redisUrl });
  });
  afterAll(() => t?.stop());

  it('prints the admin key once, and two workers (not the primary) answer on the one port', async () => {
    expect(t.server.output().match(/Admin key \(shown once/g)).toHaveLength(1);
    expect(t.server.output()).toMatch(
      /Latchkey listening on http:\/\/127\.0\.0\.1:\d+ \(postgres, 2 workers\)/,
    );
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await call(t.server.url, '/health'));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const pids = new Set(await Promise.all(answers.map((a) => workerOf(t.server, a))));
    expect(pids.size).toBe(2);
    expect(pids.has(t.server.child.pid!)).toBe(false);
  });

  it('a rate limit holds across the workers (Redis), and every worker reads the one dev outbox', async () => {
    const email = await expectSharedCodeBudget(t);
    const reads: Answer[] = [];
    for (let i = 0; i < 4; i++)
      reads.push(
        await call(t.server.url, `/api/v1/apps/${t.appId}/dev_outbox?to=${encodeURIComponent(email)}`, {
          headers: t.basic,
        }),
      );
    expect(new Set(await Promise.all(reads.map((r) => workerOf(t.server, r)))).size).toBe(2);
    for (const read of reads) expect((read.body.data as unknown[]).length).toBe(3);
    // The newest code, read through any worker, logs in through any worker.
    const code = ((reads[0]!.body.data as { text: string }[])[0]!.text.match(/\b(\d{6})\b/) ?? [])[1];
    const login = await call(t.server.url, '/api/v1/passwordless/authenticate', {
      headers: t.appHeaders,
      body: { email, code },
    });
    expect(login.status).toBe(200);
  });
});

describe.skipIf(!databaseUrl)('latchkey serve --workers 2 on PostgreSQL without Redis', () => {
  let t: Workers;
  beforeAll(async () => {
    t = await startWorkers({ LATCHKEY_METRICS: 'true' });
  });
  afterAll(() => t?.stop());

  it('a rate limit holds across the workers (counted by the primary)', async () => {
    await expectSharedCodeBudget(t);
  });

  it('/metrics answers for all the workers, whichever one the scrape reaches', async () => {
    const healthChecks = async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await call(t.server.url, '/health'));
      return answers;
    };
    const before = await healthChecks();
    expect(new Set(await Promise.all(before.map((a) => workerOf(t.server, a)))).size).toBe(2);
    const scrapes: { text: string; worker: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const requestId = `m-${randomBytes(6).toString('hex')}`;
      const response = await fetch(`${t.server.url}/metrics`, {
        headers: { 'x-request-id': requestId, connection: 'close' },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      scrapes.push({ text, worker: await workerOf(t.server, { status: 200, body: {}, requestId }) });
    }
    expect(new Set(scrapes.map((s) => s.worker)).size).toBe(2);
    for (const { text } of scrapes) {
      const count = text.match(
        /^latchkey_http_requests_total\{method="GET",route="\/health",status="200"\} (\d+)$/m,
      );
      expect(Number(count?.[1]), text).toBe(6);
    }
  });

  it('an app changed through one worker is seen at once by the other (its cached copy is forgotten)', async () => {
    const read = async () => {
      const reads: Answer[] = [];
      for (let i = 0; i < 4; i++) reads.push(await call(t.server.url, `/api/v1/apps/${t.appId}`));
      expect(new Set(await Promise.all(reads.map((r) => workerOf(t.server, r)))).size).toBe(2);
      return reads.map((r) => r.body.name);
    };
    // Both workers have the app cached (for 2 s) ...
    expect(await read()).toEqual(Array(4).fill('Workers'));
    const renamed = await call(t.server.url, `/admin/v1/apps/${t.appId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${t.adminKey}` },
      body: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    // ... and neither serves the old name after the change.
    expect(await read()).toEqual(Array(4).fill('Renamed'));
  });

  it('a killed worker is restarted, and the port keeps answering', async () => {
    const listening = () =>
      logLines(t.server)
        .filter((l) => l.message === 'worker listening')
        .map((l) => l.worker as number);
    const before = listening();
    const victim = await workerOf(t.server, await call(t.server.url, '/health'));
    process.kill(victim, 'SIGKILL');
    await until(t.server, () =>
      logLines(t.server).find((l) => l.message === 'worker exited; restarting it' && l.worker === victim),
    );
    // The survivor answers meanwhile.
    const meanwhile = await call(t.server.url, '/health');
    expect(meanwhile.status).toBe(200);
    expect(await workerOf(t.server, meanwhile)).not.toBe(victim);
    const replacement = await until(t.server, () => listening().find((pid) => !before.includes(pid)));
    // The new worker takes its turn on the port.
    const seen = new Set<number>();
    for (let i = 0; i < 50 && !seen.has(replacement); i++) {
      const answer = await call(t.server.url, '/health');
      expect(answer.status).toBe(200);
      seen.add(await workerOf(t.server, answer));
    }
    expect(seen.has(replacement)).toBe(true);
    expect(seen.has(victim)).toBe(false);
  });

  // Blocks this IP's admin key: after every test that uses it.
  it('failed admin logins are one budget across the workers (counted by the primary)', async () => {
    const admin = (key: string) =>
      call(t.server.url, '/admin/v1/apps', { headers: { authorization: `Bearer ${key}` } });
    const budget = rateLimitBudgets.adminAuthIp.points;
    const failures: Answer[] = [];
    for (let i = 0; i < budget - 1; i++) failures.push(await admin(`wrong-${i}`));
    expect(failures.map((f) => f.status)).toEqual(Array(budget - 1).fill(401));
    expect(new Set(await Promise.all(failures.map((f) => workerOf(t.server, f)))).size).toBe(2);
    // Under the budget the key works; the last failure it allows spends it.
    expect((await admin(t.adminKey!)).status).toBe(200);
    expect((await admin('wrong-last')).status).toBe(401);
    const blocked = [await admin(t.adminKey!), await admin(t.adminKey!)];
    expect(blocked.map((b) => b.status)).toEqual([429, 429]);
    expect(new Set(await Promise.all(blocked.map((b) => workerOf(t.server, b)))).size).toBe(2);
  });

  it('SIGTERM lets a request in flight finish, then exits 0', async () => {
    await expectGracefulStop(t.server, t.appHeaders, 'stopping workers');
  });
});
