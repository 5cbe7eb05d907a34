import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CreateLatchkeyClientParameters,
  createLatchkeyClient,
  type LatchkeyStorage,
  memoryStorage,
} from '@latchkey/core';
import { CookieJar } from '../server/cookie-jar.ts';
import { startTestServer, type TestServer, testOrigin } from '../server/test-server.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type ScriptStep = { status: number; body?: unknown } | 'hang';

/** A node:http server that answers a script of statuses, then 200 `{ ok: true }`, counting hits. */
export async function startScriptedServer() {
  const hits: RecordedRequest[] = [];
  let script: ScriptStep[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const step = script.shift() ?? { status: 200, body: { ok: true } };
      if (step === 'hang') return; // never answers; closed by closeAllConnections
      res.writeHead(step.status, { 'content-type': 'application/json' });
      res.end(step.body === undefined ? '' : JSON.stringify(step.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits,
    script(steps: ScriptStep[]) {
      script = [...steps];
      hits.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function deadOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface SentRequest {
  method: string;
  /** The origin the request went to. */
  origin: string;
  path: string;
  headers: Headers;
  body: Record<string, unknown> | null;
  credentials: RequestCredentials | undefined;
}

/**
 * A real `fetch` that records each request and can rewrite it: `rewriteBody` may change the body,
 * `origin` the server (to play an unreachable one), and `rewriteResponse` the JSON answered (to play
 * a server that chose `ignore`). With a `jar` it plays the browser's cookie store: requests sent
 * with `credentials: 'include'` carry its cookies, and what responses set lands in it. With a
 * `server`, requests to its origin are served in process (`TestServer.fetch`), the rest over the network.
 */
export function recordingFetch(
  options: { jar?: CookieJar | undefined; server?: Pick<TestServer, 'origin' | 'fetch'> | undefined } = {},
) {
  const { jar, server } = options;
  const sent: SentRequest[] = [];
  const control: {
    rewriteBody?: ((path: string, body: Record<string, unknown>) => Record<string, unknown>) | undefined;
    rewriteResponse?: ((path: string, body: Record<string, unknown>) => Record<string, unknown>) | undefined;
    origin?: string | undefined;
  } = {};
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    sent.push({
      method: init?.method ?? 'GET',
      origin: url.origin,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body,
      credentials: init?.credentials,
    });
    let nextInit = init;
    if (body && control.rewriteBody)
      nextInit = { ...init, body: JSON.stringify(control.rewriteBody(url.pathname, body)) };
    const cookie = jar && init?.credentials === 'include' ? jar.header(url.pathname) : '';
    if (cookie) {
      const headers = new Headers(nextInit?.headers);
      headers.set('cookie', cookie);
      nextInit = { ...nextInit, headers };
    }
    const target = control.origin ? `${control.origin}${url.pathname}${url.search}` : url.href;
    const response =
      server && new URL(target).origin === server.origin
        ? await server.fetch(target, nextInit)
        : await fetch(target, nextInit);
    jar?.store(response.headers);
    if (!control.rewriteResponse) return response;
    const answered = (await response.json()) as Record<string, unknown>;
    return Response.json(control.rewriteResponse(url.pathname, answered), { status: response.status });
  };
  const count = (path: string) => sent.filter((r) => r.path === path).length;
  return { fetch: wrapped, sent, control, count };
}

/** A copy of a memory storage's values, as another tab or a reload would see them. */
export async function copyStorage(from: LatchkeyStorage, keys: string[]): Promise<LatchkeyStorage> {
  const to = memoryStorage();
  for (const key of keys) {
    const value = await from.get(key);
    if (value !== null) await to.put(key, value);
  }
  return to;
}

/**
 * A client of the test server's app, with the app's allowed Origin, memory storage, a recording
 * fetch that reaches the server in process and a cookie jar (pass another client's `jar` to play a reload of the same browser).
 */
export function testClient(
  t: TestServer,
  appId: string,
  options: Partial<CreateLatchkeyClientParameters> = {},
  jar = new CookieJar(),
) {
  const recorder = recordingFetch({ jar, server: t });
  const storage = options.storage ?? memoryStorage();
  const client = createLatchkeyClient({
    appId,
    apiUrl: t.origin,
    storage,
    fetch: recorder.fetch,
    headers: { origin: testOrigin },
    cookies: null,
    ...options,
  });
  return { client, storage, jar, ...recorder };
}

export { type JwksIssuer, startJwksIssuer } from './jwks-issuer.ts';
export { CookieJar, startTestServer, type TestServer, testOrigin };
