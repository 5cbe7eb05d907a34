/**
 * The client's HTTP behaviour, against a scripted `node:http` server standing in for a Latchkey
 * server in trouble (overloaded, failing, silent): the credentials it sends, which calls it retries,
 * how it honours Retry-After, its timeout and the caller's abort, and the typed errors.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  ApiError,
  ConnectionError,
  LatchkeyClient,
  type LatchkeyClientOptions,
  PermissionDeniedError,
  RateLimitError,
} from '@latchkey/node';
import { afterEach, describe, expect, it } from 'vitest';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = (res: ServerResponse, seen: Seen) => void;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const silent: Reply = () => undefined;

const user = {
  id: 'did:privy:abc',
  created_at: 1,
  has_accepted_terms: false,
  is_guest: false,
  linked_accounts: [],
  mfa_methods: [],
};

let server: Server | undefined;

/** A server answering with `replies` in turn (the last one repeats), recording each request. */
async function scripted(replies: Reply[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      (replies[Math.min(seen.length - 1, replies.length - 1)] as Reply)(res, entry);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}

async function stop(): Promise<void> {
  const current = server;
  server = undefined;
  if (!current) return;
  current.closeAllConnections();
  await new Promise((resolve) => current.close(resolve));
}

afterEach(stop);

const client = (apiUrl: string, options: Partial<LatchkeyClientOptions> = {}) =>
  new LatchkeyClient({
    appId: 'app-1',
    appSecret: 's3cret:with:colons',
    apiUrl,
    retryBaseDelayMs: 1,
    ...options,
  });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('LatchkeyClient over HTTP', () => {
  it('sends Basic auth with the app id and secret, privy-app-id, and JSON', async () => {
    const { url, seen } = await scripted([json(200, user)]);
    await client(`${url}/`).getUserByEmail('ada@example.com');
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/users/email/address' });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('app-1:s3cret:with:colons').toString('base64')}`,
    );
    expect(request!.headers['privy-app-id']).toBe('app-1');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ address: 'ada@example.com' });
  });

  it('puts a did:privy: id in the path as the incumbent does, and encodes the rest', async () => {
    const { url, seen } = await scripted([json(200, user)]);
    await client(url).getUser('did:privy:abc');
    await client(url).getUser('../apps/x?y');
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/users/did:privy:abc',
      '/api/v1/users/..%2Fapps%2Fx%3Fy',
    ]);
  });

  it('retries an idempotent call after 5xx and 429, then succeeds', async () => {
    const { url, seen } = await scripted([
      json(503, { error: 'Unavailable', code: 'internal_error' }),
      json(429, { error: 'Slow down', code: 'too_many_requests' }, { 'retry-after': '0' }),
      json(200, user),
    ]);
    await expect(client(url).getUser('did:privy:abc')).resolves.toEqual(user);
    expect(seen).toHaveLength(3);
  });

  it('gives up after maxRetries with the typed error of the last answer', async () => {
    const { url, seen } = await scripted([
      json(429, { error: 'Slow down', code: 'too_many_requests' }, { 'retry-after': '0' }),
    ]);
    const error = (await rejection(
      client(url, { maxRetries: 3 }).getUser('did:privy:abc'),
    )) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      message: 'Slow down',
      retryAfter: 0,
    });
    expect(seen).toHaveLength(4);
  });

  it('never retries a call that could act twice (import, wallets, allowlist add)', async () => {
    const { url, seen } = await scripted([json(503, { error: 'Unavailable', code: 'internal_error' })]);
    const latchkey = client(url);
    for (const call of [
      () => latchkey.importUser({ linked_accounts: [{ type: 'email', address: 'a@example.com' }] }),
      () => latchkey.importUsers([]),
      () => latchkey.pregenerateWallets('did:privy:abc', { create_ethereum_wallet: true }),
      () => latchkey.addToAllowlist({ type: 'email', value: 'a@example.com' }),
    ]) {
      const before = seen.length;
      const error = (await rejection(call())) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(503);
      expect(seen.length - before).toBe(1);
    }
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/v1/users',
      'POST /api/v1/users/import',
      'POST /api/v1/apps/app-1/users/wallet',
      'POST /api/v1/apps/app-1/allowlist',
    ]);
  });

  it('answers null for a lookup only on 404; other failures throw', async () => {
    const notFound = await scripted([json(404, { error: 'User not found.', code: 'user_does_not_exist' })]);
    expect(await client(notFound.url).getUserByDiscordUsername('nobody')).toBeNull();
    await stop();
    const forbidden = await scripted([
      json(403, { error: 'Feature not enabled.', code: 'feature_not_enabled' }),
    ]);
    const error = await rejection(client(forbidden.url).getUserByDiscordUsername('nobody'));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(forbidden.seen).toHaveLength(1);
  });

  it('reports a body that is not the {error, code} shape as api_error with the status text', async () => {
    const { url } = await scripted([
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
      },
    ]);
    const error = (await rejection(client(url, { maxRetries: 0 }).getApp())) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'api_error', message: '502 Bad Gateway' });
  });

  it('times out a silent server, retrying idempotent calls, as a ConnectionError', async () => {
    const { url, seen } = await scripted([silent]);
    const error = (await rejection(
      client(url, { timeoutMs: 100, maxRetries: 1 }).getApp(),
    )) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.timedOut).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it("stops at the caller's abort, without retrying", async () => {
    const { url, seen } = await scripted([silent]);
    const controller = new AbortController();
    const pending = client(url).getApp({ signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
    expect(seen).toHaveLength(1);
  });

  it("stops waiting for a retry at the caller's abort", async () => {
    const { url, seen } = await scripted([json(503, { error: 'Unavailable', code: 'internal_error' })]);
    const controller = new AbortController();
    // A backoff far longer than the test's timeout: only the abort can end the wait.
    const pending = client(url, { retryBaseDelayMs: 600_000 }).getApp({ signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
    expect(seen).toHaveLength(1);
  });

  it('does not follow a redirect (it would carry the app secret elsewhere)', async () => {
    const { url, seen } = await scripted([
      (res) => {
        res.writeHead(307, { location: 'http://127.0.0.1:1/steal' });
        res.end();
      },
    ]);
    const error = await rejection(client(url, { maxRetries: 0 }).getApp());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(1);
  });

  it('says which server could not be reached, not the secret', async () => {
    const error = await rejection(client('http://127.0.0.1:1', { maxRetries: 0 }).getApp());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).timedOut).toBe(false);
    expect(error.message).not.toContain('s3cret');
  });

  it('needs appId, appSecret and apiUrl', () => {
    expect(() => new LatchkeyClient({ appId: 'a', appSecret: '', apiUrl: 'http://x' })).toThrow(TypeError);
  });
});
