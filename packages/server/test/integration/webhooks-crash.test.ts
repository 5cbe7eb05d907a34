import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebhookReceiver, testOrigin, type WebhookReceiver } from '@latchkey/test/server';
import { type ServerProcess, startServerProcess, urlWithSchema } from '@latchkey/test/server/processes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * At-least-once webhook delivery with real `latchkey serve` processes on one PostgreSQL database:
 * a process killed with SIGKILL in the middle of deliveries loses no event (its claimed deliveries
 * come back when their lease ends, and a restarted process sends them); two processes deliver
 * every event exactly once when nothing fails. The receiver checks each signature with the
 * `standardwebhooks` library.
 */
const databaseUrl = process.env.DATABASE_URL;
const adminKey = `wh-admin-${randomBytes(12).toString('hex')}`;
const masterKey = randomBytes(32).toString('base64');
const keyDir = mkdtempSync(join(tmpdir(), 'lk-wh-keys-'));

type Replica = ServerProcess & { dataDir: string };

async function startReplica(schema: string): Promise<Replica> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lk-wh-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: urlWithSchema(databaseUrl!, schema),
    LATCHKEY_MASTER_KEY: masterKey,
    LATCHKEY_ADMIN_KEY: adminKey,
    LATCHKEY_DEVELOPMENT: 'true',
    LATCHKEY_RATE_LIMITS: 'off',
    LATCHKEY_DEVELOPMENT_USER_LIMIT: '100000',
    LATCHKEY_KEY_STORE: `file:${join(keyDir, 'recovery.key')}`,
    // The receiver is on loopback; a short lease so a killed process's claims come back soon.
    LATCHKEY_WEBHOOK_ALLOW_PRIVATE: 'true',
    LATCHKEY_WEBHOOK_LEASE_SECONDS: '3',
    LATCHKEY_WEBHOOK_TIMEOUT_MS: '2000',
    LATCHKEY_WEBHOOK_POLL_MS: '100',
    LATCHKEY_WEBHOOK_CONCURRENCY: '4',
  };
  for (const name of ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'REDIS_URL']) delete env[name];
  try {
    const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
    return { ...(await startServerProcess(args, { env })), dataDir };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function kill(server: Replica | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!server) return;
  await server.stop(signal);
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function call<T>(base: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe.skipIf(!databaseUrl)('webhook delivery across server processes (postgres)', () => {
  const schema = `lk_wh_${randomBytes(6).toString('hex')}`;
  let db: pg.Client;
  const servers: Replica[] = [];
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => kill(s)));
    for (const r of receivers) await r.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.end();
    rmSync(keyDir, { recursive: true, force: true });
  });

  /** A guest-login app whose endpoint (user.created only) is `receiver`. */
  async function appWithEndpoint(server: ServerProcess, receiver: WebhookReceiver): Promise<string> {
    const admin = { authorization: `Bearer ${adminKey}` };
    const app = await call<{ id: string }>(
      server.url,
      '/admin/v1/apps',
      { name: 'Webhooks', allowed_domains: [testOrigin], guest_auth: true },
      admin,
    );
    expect(app.status).toBe(200);
    const endpoint = await call<{ secret: string }>(
      server.url,
      `/admin/v1/apps/${app.body.id}/webhooks`,
      { url: `${receiver.url}/hook`, event_types: ['user.created'] },
      admin,
    );
    expect(endpoint.status).toBe(200);
    receiver.secret = endpoint.body.secret;
    return app.body.id;
  }

  const guestLogin = async (server: ServerProcess, appId: string) => {
    const res = await call(
      server.url,
      '/api/v1/guest/authenticate',
      { guest_credential: randomBytes(32).toString('base64url') },
      { 'privy-app-id': appId, origin: testOrigin },
    );
    expect(res.status).toBe(200);
  };

  /** The ids of the app's user.created events in the outbox: what must arrive. */
  const eventIds = async (appId: string) =>
    (
      await db.query(`SELECT id FROM ${schema}.outbox WHERE app_id = $1 AND type = 'user.created'`, [appId])
    ).rows.map((r: { id: string }) => r.id);

  // Real processes, a slow receiver and a restart: minutes on a loaded two-core machine, not the
  // default 30 s (no figure is asserted; the waits below bound each step).
  it('a process killed in the middle of deliveries loses no event: every one arrives at least once', async () => {
    // A slow receiver: deliveries are in flight when the process dies.
    const receiver = await startWebhookReceiver({ answer: () => ({ status: 200, delayMs: 40 }) });
    receivers.push(receiver);
    const first = await startReplica(schema);
    servers.push(first);
    const appId = await appWithEndpoint(first, receiver);
    const logins = 200;
    for (let i = 0; i < logins; i += 10)
      await Promise.all(Array.from({ length: 10 }, () => guestLogin(first, appId)));
    await receiver.waitFor((got) => got.length >= 20, 30_000);
    await kill(first, 'SIGKILL');
    const arrivedBeforeKill = new Set(receiver.received.map((w) => w.id)).size;
    expect(arrivedBeforeKill).toBeLessThan(logins);

    const second = await startReplica(schema);
    servers.push(second);
    const ids = await eventIds(appId);
    expect(ids).toHaveLength(logins);
    await receiver.waitFor((got) => ids.every((id) => got.some((w) => w.id === id)), 60_000);
    expect(receiver.received.every((w) => w.verified && w.type === 'user.created')).toBe(true);
    // The deliveries the killed process had claimed are sent again once their lease ends (the
    // receiver may have got some of them already: at least once), then all are delivered.
    const statuses = async () =>
      (
        await db.query(
          `SELECT status, count(*)::int AS n FROM ${schema}.webhook_deliveries WHERE app_id = $1 GROUP BY status`,
          [appId],
        )
      ).rows;
    for (let i = 0; i < 300 && (await statuses()).some((r) => r.status !== 'delivered'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await statuses()).toEqual([{ status: 'delivered', n: logins }]);
  }, 180_000);

  it('two processes on one database deliver each event exactly once', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const [a, b] = await Promise.all([startReplica(schema), startReplica(schema)]);
    servers.push(a, b);
    const appId = await appWithEndpoint(a, receiver);
    for (let i = 0; i < 100; i += 10)
      await Promise.all(Array.from({ length: 10 }, (_, j) => guestLogin(j % 2 ? a : b, appId)));
    const ids = await eventIds(appId);
    expect(ids).toHaveLength(100);
    await receiver.waitFor((got) => ids.every((id) => got.some((w) => w.id === id)), 60_000);
    // Let any duplicate show up before counting.
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(100);
    expect(new Set(receiver.received.map((w) => w.id)).size).toBe(100);
  }, 180_000);
});
