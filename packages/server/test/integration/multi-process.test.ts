import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testOrigin } from '@latchkey/test/server';
import { type ServerProcess, startServerProcess, urlWithSchema } from '@latchkey/test/server/processes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const databaseUrl = process.env.DATABASE_URL;
const adminKey = `mp-admin-${randomBytes(12).toString('hex')}`;
const masterKey = randomBytes(32).toString('base64');
/** Replicas share the master key and the key store, and nothing else on disk. */
const keyDir = mkdtempSync(join(tmpdir(), 'lk-mp-keys-'));

type Replica = ServerProcess & { dataDir: string };

/** Runs `latchkey serve` as a real child process and resolves once it prints its URL. */
async function startReplica(schema: string): Promise<Replica> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lk-mp-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: urlWithSchema(databaseUrl!, schema),
    LATCHKEY_MASTER_KEY: masterKey,
    LATCHKEY_ADMIN_KEY: adminKey,
    // Port 0 and the dev outbox: development mode (each process's public URL is its own address).
    LATCHKEY_DEVELOPMENT: 'true',
  };
  // The dev outbox must be on and storage must be this schema only.
  for (const name of ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'REDIS_URL'])
    delete env[name];
  // Replicas share the key store as they share the master key (not the development default, which
  // is per data dir).
  env.LATCHKEY_KEY_STORE = `file:${join(keyDir, 'recovery.key')}`;
  try {
    const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
    return { ...(await startServerProcess(args, { env })), dataDir };
  } catch (error) {
    // A server that never came up is cleaned up here; afterAll only sees the started ones.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function stopReplica(server: Replica | undefined): Promise<void> {
  if (!server) return;
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function call<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Auth {
  user: { id: string } | null;
  token: string | null;
  refresh_token: string | null;
  session_update_action: string;
  code?: string;
}

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL database', () => {
  const schema = `lk_mp_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let one: Replica | undefined;
  let two: Replica | undefined;
  let appId: string;
  let secret: string;

  const appHeaders = () => ({ 'privy-app-id': appId, origin: testOrigin });
  const basic = () => ({
    'privy-app-id': appId,
    authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
  });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    // Another Kysely-migrated schema in the same database (another test, another app) must not
    // make our migrations skip creating their bookkeeping tables.
    await admin.query(`CREATE SCHEMA ${schema}_other`);
    await admin.query(
      `CREATE TABLE ${schema}_other.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`,
    );
    await admin.query(
      `CREATE TABLE ${schema}_other.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`,
    );
    // Started together on an empty schema: both run migrations at once on start-up.
    const started = await Promise.allSettled([startReplica(schema), startReplica(schema)]);
    one = started[0].status === 'fulfilled' ? started[0].value : undefined;
    two = started[1].status === 'fulfilled' ? started[1].value : undefined;
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;

    const created = await call<{ id: string; secret: string }>(one!.url, '/admin/v1/apps', {
      headers: { authorization: `Bearer ${adminKey}` },
      body: { name: 'Multi-process', allowed_domains: [testOrigin], test_credentials_enabled: true },
    });
    expect(created.status).toBe(200);
    appId = created.body.id;
    secret = created.body.secret;
  });

  afterAll(async () => {
    await Promise.all([stopReplica(one), stopReplica(two)]);
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema}_other CASCADE`);
    await admin?.end();
    rmSync(keyDir, { recursive: true, force: true });
  });

  it('both processes listen on 127.0.0.1 and migrated the schema exactly once', async () => {
    expect(new URL(one!.url).hostname).toBe('127.0.0.1');
    expect(new URL(two!.url).hostname).toBe('127.0.0.1');
    expect(one!.url).not.toBe(two!.url);
    const { rows } = await admin.query(`SELECT name FROM ${schema}.kysely_migration ORDER BY name`);
    expect(rows.map((r) => r.name)).toContain('0001_foundation');
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('logs in on one process, refreshes on the other, and a reused refresh token revokes the session everywhere', async () => {
    // The app created on process 1 is served by process 2.
    const creds = await call<{ data: { email: string; otp_code: string }[] }>(
      two!.url,
      `/api/v1/apps/${appId}/test_credentials`,
      { headers: basic() },
    );
    expect(creds.status).toBe(200);
    const [{ email, otp_code }] = creds.body.data as [{ email: string; otp_code: string }];

    const init = await call(one!.url, '/api/v1/passwordless/init', {
      headers: appHeaders(),
      body: { email },
    });
    expect(init).toMatchObject({ status: 200, body: { success: true } });
    const login = await call<Auth>(one!.url, '/api/v1/passwordless/authenticate', {
      headers: appHeaders(),
      body: { email, code: otp_code },
    });
    expect(login.status).toBe(200);
    expect(login.body.session_update_action).toBe('set');
    const userId = login.body.user!.id;
    const firstRefresh = login.body.refresh_token!;

    // Refresh on process 2: new tokens, signed with the key process 1 created.
    const refreshed = await call<Auth>(two!.url, '/api/v1/sessions', {
      headers: appHeaders(),
      body: { refresh_token: firstRefresh },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ session_update_action: 'set', user: { id: userId } });
    expect(refreshed.body.refresh_token).not.toBe(firstRefresh);
    expect(refreshed.body.token).not.toBe(login.body.token);
    const newestRefresh = refreshed.body.refresh_token!;

    // Process 1 accepts the access token process 2 issued.
    const me = await call<{ user: { id: string } }>(one!.url, '/api/v1/users/me', {
      headers: { ...appHeaders(), authorization: `Bearer ${refreshed.body.token}` },
    });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);

    // The rotated first token, replayed on process 2, is a reuse: the session is revoked.
    const reuse = await call<Auth>(two!.url, '/api/v1/sessions', {
      headers: appHeaders(),
      body: { refresh_token: firstRefresh },
    });
    expect(reuse).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });

    // Process 1 sees the revocation: the newest refresh token only clears the session...
    const afterReuse = await call<Auth>(one!.url, '/api/v1/sessions', {
      headers: appHeaders(),
      body: { refresh_token: newestRefresh },
    });
    expect(afterReuse.status).toBe(200);
    expect(afterReuse.body).toMatchObject({
      session_update_action: 'clear',
      token: null,
      refresh_token: null,
    });
    // ...and the access token issued by process 2 no longer works on process 1.
    const meAfter = await call(one!.url, '/api/v1/users/me', {
      headers: { ...appHeaders(), authorization: `Bearer ${refreshed.body.token}` },
    });
    expect(meAfter).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('a code sent by one process is accepted by the other, once', async () => {
    const email = `cross-${randomBytes(4).toString('hex')}@example.com`;
    const init = await call(one!.url, '/api/v1/passwordless/init', {
      headers: appHeaders(),
      body: { email },
    });
    expect(init.status).toBe(200);
    // The dev outbox lives in the memory of the process that sent the message.
    const outbox = await call<{ data: { text: string }[] }>(
      one!.url,
      `/api/v1/apps/${appId}/dev_outbox?to=${encodeURIComponent(email)}`,
      { headers: basic() },
    );
    const code = outbox.body.data[0]?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const login = await call<Auth>(two!.url, '/api/v1/passwordless/authenticate', {
      headers: appHeaders(),
      body: { email, code },
    });
    expect(login.status).toBe(200);
    expect(login.body.session_update_action).toBe('set');
    const replay = await call<Auth>(one!.url, '/api/v1/passwordless/authenticate', {
      headers: appHeaders(),
      body: { email, code },
    });
    expect(replay).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });
});
