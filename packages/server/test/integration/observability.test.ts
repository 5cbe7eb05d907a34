import { createServer, type Server, Socket } from 'node:net';
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The access lines the server logged (`message: 'request'`), parsed. */
const accessLines = (t: TestServer) =>
  t.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.message === 'request');

/** One sample of the Prometheus text: `name{labels} value`, the labels in any order. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...match[2]!.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(dialects)('observability (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { settings: { metrics: true } });
  });
  afterAll(() => t.close());

  it('gives every request an id, keeps a well-formed one, and writes one access line with the route pattern', async () => {
    const { app, client } = await t.createApp();
    const kept = await client.request(`/api/v1/apps/${app.id}`, {
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');
    expect(accessLines(t).filter((l) => l.request_id === 'lb-1234.abc')).toEqual([
      expect.objectContaining({ route: '/api/v1/apps/:app_id', status: 200 }),
    ]);
    const fresh = await client.post('/api/v1/passwordless/init?token=query-secret-value', {
      email: 'access@example.com',
    });
    expect(fresh.status).toBe(200);
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = accessLines(t).filter((l) => l.request_id === id);
    expect(lines).toEqual([
      {
        message: 'request',
        request_id: id,
        method: 'POST',
        route: '/api/v1/passwordless/init',
        status: 200,
        duration_ms: expect.any(Number),
        // Known once the app guard resolved it.
        app_id: app.id,
      },
    ]);
    // The raw path and its query are never written.
    expect(t.logs.join('\n')).not.toContain('query-secret-value');
    // A 404 is one series, not one per path.
    const missing = await t.fetch(`/no/such/path-${'x'.repeat(20)}`);
    expect(missing.status).toBe(404);
    const line = accessLines(t).find((l) => l.request_id === missing.headers.get('x-request-id'));
    expect(line).toMatchObject({ route: '(unmatched)', status: 404 });
  });

  it('answers /health without the database and /ready when the database answers and migrations are current', async () => {
    expect((await t.fetch(`/health`)).status).toBe(200);
    const ready = await t.fetch(`/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('names the dashboard at /: in the JSON, and as a link for a browser', async () => {
    const json = await t.fetch('/');
    expect(await json.json()).toEqual({ name: 'latchkey', status: 'ok', dashboard: `${t.origin}/dashboard` });
    const page = await t.fetch('/', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`<a href="${t.origin}/dashboard">Open the dashboard</a>`);
  });

  it('is not ready while a migration of this build is not applied, and ready again once it is', async () => {
    const last = t.ctx.migrations.at(-1)!;
    const row = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration where name = ${last}`.execute(t.ctx.db);
    expect(row.rows).toHaveLength(1);
    await sql`delete from kysely_migration where name = ${last}`.execute(t.ctx.db);
    try {
      const res = await t.fetch(`/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'not_ready',
        reason: 'migrations_pending',
        detail: `not applied: ${last}`,
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${row.rows[0]!.timestamp})`.execute(
        t.ctx.db,
      );
    }
    expect((await t.fetch(`/ready`)).status).toBe(200);
  });

  it('counts a login by method, its code send, and the authenticate route in the latency histogram', async () => {
    const { client } = await t.createApp();
    const before = await (await t.fetch(`/metrics`)).text();
    const login = await client.loginWithEmail('metrics@example.com');
    expect(login.status).toBe(200);
    const res = await t.fetch(`/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'latchkey_logins_total', { method: 'email', new_user: 'true' })).toBe(1);
    const sent = { channel: 'email', outcome: 'sent' };
    expect(sample(text, 'latchkey_code_sends_total', sent)).toBe(
      (sample(before, 'latchkey_code_sends_total', sent) ?? 0) + 1,
    );
    const route = { method: 'POST', route: '/api/v1/passwordless/authenticate', status: '200' };
    expect(sample(text, 'latchkey_http_requests_total', route)).toBe(1);
    // Every bucket of the histogram is there; the slowest holds the one request.
    for (const le of ['0.005', '0.05', '0.5', '5', '10', '+Inf'])
      expect(
        sample(text, 'latchkey_http_request_duration_seconds_bucket', { ...route, le }),
        le,
      ).toBeDefined();
    expect(sample(text, 'latchkey_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(1);
    expect(sample(text, 'latchkey_http_request_duration_seconds_count', route)).toBe(1);
    // The queue gauge is read on scrape; the process defaults are there.
    expect(text).toMatch(/^latchkey_webhook_queue_depth 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    if (dialect === 'postgres') {
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'idle' })).toBeDefined();
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'waiting' })).toBeDefined();
    } else expect(text).not.toContain('latchkey_db_pool_connections{');
  });

  it('keeps each server’s counters to itself', async () => {
    const other = await startTestServer(dialect, { settings: { metrics: true } });
    try {
      const text = await (await other.fetch(`/metrics`)).text();
      expect(sample(text, 'latchkey_logins_total', { method: 'email', new_user: 'true' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

/**
 * A TCP proxy between the server and PostgreSQL: closing it (the listener and every connection)
 * is a database that stops answering; opening it again on the same port, one that comes back.
 */
class TcpProxy {
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  port = 0;
  readonly targetHost: string;
  readonly targetPort: number;
  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }

  open(): Promise<void> {
    if (this.#server) return Promise.resolve();
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.#server = server;
    return new Promise((resolve) =>
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  close(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const s of this.#sockets) s.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe.runIf(process.env.DATABASE_URL)('readiness when PostgreSQL stops answering', () => {
  let t: TestServer;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    const through = new URL(process.env.DATABASE_URL!);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    t = await startTestServer('postgres', { databaseUrl: through.toString() });
  });
  afterAll(async () => {
    await proxy.open();
    await t.close();
    await proxy.close();
  });

  it('answers 503 with the reason while the database is unreachable, and 200 once it is back', async () => {
    expect((await t.fetch(`/ready`)).status).toBe(200);
    await proxy.close();
    const down = await t.fetch(`/ready`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as Record<string, string>;
    expect(body).toMatchObject({ status: 'not_ready', reason: 'database_unreachable' });
    // The reason names the failure, never the connection string.
    expect(JSON.stringify(body)).not.toContain(String(proxy.port));
    // Liveness does not depend on the database.
    expect((await t.fetch(`/health`)).status).toBe(200);
    await proxy.open();
    expect((await t.fetch(`/ready`)).status).toBe(200);
  });

  it('a connection dropped in the middle of a transaction fails that transaction, not the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = t.ctx.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // The client is lent out between two statements when the database goes away.
        await proxy.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await proxy.open();
    }
    expect((await t.fetch(`/ready`)).status).toBe(200);
  });
});
