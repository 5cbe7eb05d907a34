import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createApp,
  createLatchkey,
  FileKeyStore,
  type Latchkey,
  type LatchkeyOptions,
  listen,
  updateApp,
} from '@latchkey/server';
import type { AppRecord, Dialect, Logger, ServerContext } from '@latchkey/server/testing';
import pg from 'pg';
import { StatementCounter } from './statement-counter.ts';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI). */
export const dialects: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const testOrigin = 'http://app.test';
/** The test server's admin key: 32 characters or more, as the server requires. */
export const testAdminKey = 'test-admin-key-0123456789abcdefghij';

export interface TestServer {
  url: string;
  latchkey: Latchkey;
  ctx: ServerContext;
  /** Every line the server logged, for secret-leak scans. */
  logs: string[];
  /** Counts the SQL statements the server sends (`statements.during(() => request)`). */
  statements: StatementCounter;
  /** Moves the server's clock forward. */
  advance(seconds: number): void;
  createApp(patch?: Record<string, unknown>): Promise<{ app: AppRecord; secret: string; client: TestClient }>;
  updateApp(id: string, patch: Record<string, unknown>): Promise<AppRecord>;
  close(): Promise<void>;
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is. */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Omit the Origin header. */
  noOrigin?: boolean;
}

export interface TestClient {
  appId: string;
  secret: string;
  request<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  /** The newest code the dev outbox holds for `to`. */
  lastCode(to: string): string;
  /** Sends and enters an email code; returns the auth response. */
  loginWithEmail(email: string): Promise<TestResponse<AuthBody>>;
}

export interface AuthBody {
  user: {
    id: string;
    linked_accounts: Record<string, unknown>[];
    is_guest: boolean;
    has_accepted_terms: boolean;
  };
  token: string;
  refresh_token: string;
  identity_token: string;
  session_update_action: string;
  is_new_user?: boolean;
  code?: string;
  error?: string;
}

/** Starts a full server on 127.0.0.1 with a fresh database of the given dialect. */
export async function startTestServer(
  dialect: Dialect,
  options: Partial<LatchkeyOptions> = {},
): Promise<TestServer> {
  let offset = 0;
  const logs: string[] = [];
  const log: Logger = {
    info: (message, fields) => logs.push(JSON.stringify({ message, ...fields })),
    error: (message, fields) => logs.push(JSON.stringify({ level: 'error', message, ...fields })),
  };
  const statements = new StatementCounter();
  const schema = dialect === 'postgres' ? `lk_test_${randomBytes(6).toString('hex')}` : undefined;
  // A key store of its own, as a deployment would have (a test may pass another, e.g. PKCS#11).
  const keyDir = options.keyStore ? null : mkdtempSync(join(tmpdir(), 'lk-test-keys-'));
  const keyStore =
    options.keyStore ?? (await FileKeyStore.open(join(keyDir!, 'recovery.key'), { create: true }));
  const latchkey = await createLatchkey({
    ...(dialect === 'postgres'
      ? { databaseUrl: process.env.DATABASE_URL!, schema, poolSize: 4 }
      : { dataDir: ':memory:' }),
    masterKey: new Uint8Array(randomBytes(32)),
    adminKey: testAdminKey,
    log,
    now: () => Math.floor(Date.now() / 1000) + offset,
    onQuery: statements.observe,
    ...options,
    keyStore,
    // Development mode: the public URL is the address `listen` picks (unless a test sets one).
    // Webhooks may reach a receiver on loopback (SSRF tests turn it off), polled often.
    settings: {
      rateLimitsEnabled: false,
      development: true,
      webhookAllowPrivate: true,
      webhookPollMs: 100,
      ...options.settings,
    },
  });
  const server = await listen(latchkey, { port: 0, host: '127.0.0.1' });
  const ctx = latchkey.ctx;
  return {
    url: server.url,
    latchkey,
    ctx,
    logs,
    statements,
    advance(seconds) {
      offset += seconds;
    },
    async createApp(patch = {}) {
      const { app, secret } = await createApp(ctx, { name: 'Test app', allowedDomains: [testOrigin], patch });
      return { app, secret, client: testClient(server.url, latchkey, app.id, secret) };
    },
    updateApp: (id, patch) => updateApp(ctx, id, patch),
    async close() {
      await server.close();
      await latchkey.close();
      if (keyDir) {
        await keyStore.close();
        rmSync(keyDir, { recursive: true, force: true });
      }
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

export function testClient(url: string, latchkey: Latchkey, appId: string, secret: string): TestClient {
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { 'privy-app-id': appId, 'content-type': 'application/json' };
    if (!options.noOrigin) headers.origin = testOrigin;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.raw !== undefined) init.body = options.raw;
    else if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = { nonJson: text };
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };
  const client: TestClient = {
    appId,
    secret,
    request,
    post: (path, body, options) => request(path, { ...options, method: 'POST', body: body ?? {} }),
    lastCode(to) {
      const message = latchkey.devOutbox?.list(appId, to)[0];
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`No code in the outbox for ${to}`);
      return code;
    },
    async loginWithEmail(email) {
      const init = await client.post('/api/v1/passwordless/init', { email });
      if (init.status !== 200) throw new Error(`init failed: ${JSON.stringify(init.body)}`);
      return client.post<AuthBody>('/api/v1/passwordless/authenticate', {
        email,
        code: client.lastCode(email.toLowerCase()),
      });
    },
  };
  return client;
}
