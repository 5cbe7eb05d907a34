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

/** Where an in-process test server says it is reached (its public URL): no port is open there. */
export const inProcessOrigin = 'http://latchkey.test';

/**
 * What @hono/node-server hands the app with each request (`env.incoming`, the Node request), reduced
 * to the socket address the server reads (http/client-ip.ts): an in-process request comes from
 * loopback, as the kit's requests over a socket did, so per-IP limits and recorded addresses behave
 * as they do for a local client, with the server's settings (`trustedProxies`) untouched. Its
 * presence also sends the body limit down the path a socket's request takes (http/body-limit.ts).
 */
const loopbackEnv = {
  incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 0, remoteFamily: 'IPv4' } },
};

export interface TestServerOptions extends Partial<LatchkeyOptions> {
  /**
   * Open a port on 127.0.0.1 (`url`), for a test that hands the server to a real client (an SDK,
   * another process, a browser) or needs a socket. Without it requests are served in process.
   */
  listen?: boolean;
}

export interface TestServer {
  /** The listening server's URL: only with `listen: true` (an in-process server throws, saying so). */
  url: string;
  /**
   * Where requests reach the server: `url` when listening, else `inProcessOrigin` (also its public
   * URL unless the test sets `settings.publicUrl`).
   */
  origin: string;
  /**
   * Serves a request in process through the server's Hono app (same middleware, guards and
   * handlers, no socket): a path, or a URL at `origin`.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
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

/**
 * Starts a full server with a fresh database of the given dialect, served in process, or on
 * 127.0.0.1 with `listen: true`.
 */
export async function startTestServer(
  dialect: Dialect,
  { listen: open = false, ...options }: TestServerOptions = {},
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
    // Development mode: the public URL is the address `listen` picks, or the in-process origin
    // (unless a test sets one). Webhooks may reach a receiver on loopback (SSRF tests turn it off),
    // polled often.
    settings: {
      rateLimitsEnabled: false,
      development: true,
      ...(open ? {} : { publicUrl: inProcessOrigin }),
      webhookAllowPrivate: true,
      webhookPollMs: 100,
      ...options.settings,
    },
  });
  const server = open ? await listen(latchkey, { port: 0, host: '127.0.0.1' }) : null;
  const ctx = latchkey.ctx;
  // Where requests arrive, whatever public URL the server is configured with (a test may set one,
  // as a server behind a proxy is): the server reads its own origin from settings, never the Host.
  const origin = server?.url ?? inProcessOrigin;
  const serve: TestServer['fetch'] = async (input, init) => {
    const request = new Request(
      typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input,
      init,
    );
    if (new URL(request.url).origin !== origin)
      throw new Error(`The test server serves ${origin} in process, not ${request.url}`);
    // Over HTTP/1.1 fetch declares the body's length, or sends a stream in chunks; the server's body
    // limit decides from those headers (http/body-limit.ts), so an in-process request carries them too.
    const { headers } = request;
    if (request.body && !headers.has('content-length') && !headers.has('transfer-encoding')) {
      if (init?.body instanceof ReadableStream) headers.set('transfer-encoding', 'chunked');
      else headers.set('content-length', String((await request.clone().arrayBuffer()).byteLength));
    }
    return latchkey.http.fetch(request, loopbackEnv);
  };
  const t: TestServer = {
    get url() {
      if (!server)
        throw new Error(
          'This test server serves in process and has no URL: pass { listen: true } to startTestServer',
        );
      return server.url;
    },
    origin,
    fetch: serve,
    latchkey,
    ctx,
    logs,
    statements,
    advance(seconds) {
      offset += seconds;
    },
    async createApp(patch = {}) {
      const { app, secret } = await createApp(ctx, { name: 'Test app', allowedDomains: [testOrigin], patch });
      return { app, secret, client: testClient(t, app.id, secret) };
    },
    updateApp: (id, patch) => updateApp(ctx, id, patch),
    async close() {
      await server?.close();
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
  return t;
}

/** An HTTP client of one app of the test server, its requests served as `server.fetch` serves them. */
export function testClient(
  server: Pick<TestServer, 'fetch' | 'latchkey'>,
  appId: string,
  secret: string,
): TestClient {
  const { latchkey } = server;
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { 'privy-app-id': appId, 'content-type': 'application/json' };
    if (!options.noOrigin) headers.origin = testOrigin;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.raw !== undefined) init.body = options.raw;
    else if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const response = await server.fetch(path, init);
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
