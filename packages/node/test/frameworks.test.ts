/**
 * The SDK in the three shapes an app's backend takes, each served for real and called by a real
 * Latchkey server: a Hono app, an Express-style `node:http` handler (`(req, res)`, the raw body read
 * from the stream), and Next.js-style route handlers (`(Request) => Response`, here called with a
 * plain `Request`). Each authenticates the user's access token (Bearer header or `privy-token`
 * cookie) and receives the server's webhooks, verified with `verifyWebhook`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  InvalidTokenError,
  LatchkeyClient,
  verifyAccessToken,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from '@latchkey/node';
import {
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Received {
  event: WebhookEvent;
  raw: string;
  headers: Record<string, string>;
}

async function listening(server: Server): Promise<string> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The token of a request the way apps find it: `Authorization: Bearer`, else the `privy-token` cookie. */
const cookieToken = (cookie: string | undefined | null) =>
  /(?:^|;\s*)privy-token=([^;]+)/.exec(cookie ?? '')?.[1];

describe.each(dialects)('@latchkey/node in Hono, node:http and route handlers (%s)', (dialect) => {
  let t: TestServer;
  let a: TestClient;
  let latchkey: LatchkeyClient;
  // Each endpoint has its own secret, which the backend it points at checks.
  let honoSecret: string;
  let nodeSecret = 'whsec_AAAA';
  const servers: Server[] = [];
  const honoReceived: Received[] = [];
  const nodeReceived: Received[] = [];
  let honoUrl: string;
  let nodeUrl: string;

  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${t.url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  // Next.js route handlers: app/api/me/route.ts and app/api/webhooks/route.ts.
  const nextGet = async (request: Request): Promise<Response> => {
    const token = request.headers.get('authorization') ?? cookieToken(request.headers.get('cookie')) ?? '';
    try {
      const { userId } = await latchkey.verifyAccessToken(token);
      return Response.json({ userId });
    } catch (error) {
      if (error instanceof InvalidTokenError)
        return Response.json({ error: 'Log in again.' }, { status: 401 });
      throw error;
    }
  };
  const nextPost = async (request: Request): Promise<Response> => {
    try {
      const event = verifyWebhook(await request.text(), request.headers, honoSecret);
      return Response.json({ type: event.type });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return new Response(null, { status: 400 });
      throw error;
    }
  };

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    const created = await t.createApp();
    a = created.client;
    latchkey = new LatchkeyClient({ appId: created.app.id, appSecret: created.secret, apiUrl: t.url });

    // Hono: the token from the header or the cookie; the webhook's raw body from c.req.text().
    const app = new Hono();
    app.get('/api/me', async (c) => {
      const token = c.req.header('authorization') ?? getCookie(c, 'privy-token') ?? '';
      try {
        const { userId } = await verifyAccessToken(token, { appId: created.app.id, apiUrl: t.url });
        const user = await latchkey.getUser(userId);
        return c.json({ userId, accounts: user.linked_accounts.length });
      } catch (error) {
        if (error instanceof InvalidTokenError) return c.json({ error: error.reason }, 401);
        throw error;
      }
    });
    app.post('/webhooks/latchkey', async (c) => {
      const raw = await c.req.text();
      try {
        const event = verifyWebhook(raw, c.req.raw.headers, honoSecret);
        honoReceived.push({ event, raw, headers: Object.fromEntries(c.req.raw.headers) });
        return c.body(null, 204);
      } catch (error) {
        if (error instanceof WebhookVerificationError) return c.json({ error: error.message }, 400);
        throw error;
      }
    });
    const hono = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    servers.push(hono);
    honoUrl = await listening(hono);

    // node:http, as Express hands it: (req, res), req.headers, the body read from the stream.
    const handler = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'GET' && req.url === '/api/me') {
        const token = req.headers.authorization ?? cookieToken(req.headers.cookie) ?? '';
        try {
          const { userId } = await latchkey.verifyAccessToken(token);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ userId }));
        } catch (error) {
          res.writeHead(error instanceof InvalidTokenError ? 401 : 500).end();
        }
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      try {
        const event = verifyWebhook(raw, req.headers, nodeSecret);
        nodeReceived.push({ event, raw: raw.toString(), headers: req.headers as Record<string, string> });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    };
    const node = createServer((req, res) => void handler(req, res)).listen(0, '127.0.0.1');
    servers.push(node);
    nodeUrl = await listening(node);

    const hook = await admin<{ secret: string }>('POST', `/apps/${created.app.id}/webhooks`, {
      url: `${honoUrl}/webhooks/latchkey`,
    });
    honoSecret = hook.secret;
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await t.close();
  });

  it('Hono: authenticates by Bearer header and by privy-token cookie, refuses the rest', async () => {
    const login = (await a.loginWithEmail('hono@example.com')).body;
    const byHeader = await fetch(`${honoUrl}/api/me`, {
      headers: { authorization: `Bearer ${login.token}` },
    });
    expect(byHeader.status).toBe(200);
    expect(await byHeader.json()).toEqual({ userId: login.user.id, accounts: 1 });
    const byCookie = await fetch(`${honoUrl}/api/me`, {
      headers: { cookie: `privy-session=t; privy-token=${login.token}` },
    });
    expect(byCookie.status).toBe(200);
    expect((await fetch(`${honoUrl}/api/me`)).status).toBe(401);
    const forged = await fetch(`${honoUrl}/api/me`, { headers: { authorization: `Bearer ${login.token}x` } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: 'signature' });
  });

  it('Hono: receives the server’s webhooks, verified from the raw body; refuses a forged one', async () => {
    const login = (await a.loginWithEmail('hooked@example.com')).body;
    await t.latchkey.webhooks!.drain();
    await expect
      .poll(() => honoReceived.filter((r) => 'user' in r.event && r.event.user.id === login.user.id).length)
      .toBeGreaterThanOrEqual(2);
    const types = honoReceived.map((r) => r.event.type);
    expect(types).toEqual(expect.arrayContaining(['user.created', 'user.authenticated']));
    const created = honoReceived.find(
      (r) => r.event.type === 'user.created' && r.event.user.id === login.user.id,
    );
    expect(created?.headers['svix-id']).toEqual(expect.any(String));
    if (created?.event.type !== 'user.created') throw new Error('narrowing');
    expect(created.event.user.linked_accounts[0]).toMatchObject({
      type: 'email',
      address: 'hooked@example.com',
    });

    // A forgery (right headers, another body) is refused by the app.
    const forged = await fetch(`${honoUrl}/webhooks/latchkey`, {
      method: 'POST',
      headers: {
        'svix-id': created.headers['svix-id']!,
        'svix-timestamp': created.headers['svix-timestamp']!,
        'svix-signature': created.headers['svix-signature']!,
        'content-type': 'application/json',
      },
      body: created.raw.replace('hooked@example.com', 'mallory@example.com'),
    });
    expect(forged.status).toBe(400);
  });

  it('node:http: authenticates, and verifies deliveries from the raw stream', async () => {
    const login = (await a.loginWithEmail('node@example.com')).body;
    const me = await fetch(`${nodeUrl}/api/me`, { headers: { cookie: `privy-token=${login.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ userId: login.user.id });
    expect((await fetch(`${nodeUrl}/api/me`, { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );

    // A second endpoint, at the node:http handler, for user.created only.
    const appId = a.appId;
    const hook = await admin<{ secret: string; id: string }>('POST', `/apps/${appId}/webhooks`, {
      url: `${nodeUrl}/webhooks`,
      event_types: ['user.created'],
    });
    nodeSecret = hook.secret;
    try {
      const fresh = (await a.loginWithEmail('node-hook@example.com')).body;
      await t.latchkey.webhooks!.drain();
      await expect
        .poll(() =>
          nodeReceived.find((r) => r.event.type === 'user.created' && r.event.user.id === fresh.user.id),
        )
        .toBeTruthy();
      expect(nodeReceived.every((r) => r.event.type === 'user.created')).toBe(true);
    } finally {
      await admin('DELETE', `/apps/${appId}/webhooks/${hook.id}`);
    }
  });

  it('Next.js route handlers: a plain Request in, a Response out', async () => {
    const login = (await a.loginWithEmail('next@example.com')).body;
    const ok = await nextGet(
      new Request('https://app.example/api/me', { headers: { authorization: `Bearer ${login.token}` } }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ userId: login.user.id });
    const cookie = await nextGet(
      new Request('https://app.example/api/me', { headers: { cookie: `privy-token=${login.token}` } }),
    );
    expect(cookie.status).toBe(200);
    expect((await nextGet(new Request('https://app.example/api/me'))).status).toBe(401);

    // A delivery the server made, replayed into the route handler as the Request Next.js would build.
    const delivered = honoReceived.at(-1)!;
    const request = () =>
      new Request('https://app.example/api/webhooks', {
        method: 'POST',
        headers: {
          'svix-id': delivered.headers['svix-id']!,
          'svix-timestamp': delivered.headers['svix-timestamp']!,
          'svix-signature': delivered.headers['svix-signature']!,
        },
        body: delivered.raw,
      });
    const accepted = await nextPost(request());
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ type: delivered.event.type });
    const tampered = new Request('https://app.example/api/webhooks', {
      method: 'POST',
      headers: request().headers,
      body: `${delivered.raw} `,
    });
    expect((await nextPost(tampered)).status).toBe(400);
  });
});
