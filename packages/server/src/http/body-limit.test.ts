import { type AddressInfo, connect } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { bodyLimit } from './body-limit.ts';

const limit = 64;

/** An app behind the limit whose one route echoes the body it read, and answers errors as the server does. */
function echoApp() {
  const app = new Hono();
  app.use('*', bodyLimit(limit));
  app.post('/echo', async (c) => c.text(await c.req.text()));
  app.get('/echo', (c) => c.text('get'));
  app.onError((error, c) =>
    error instanceof ApiError ? c.json(error.toBody(), error.status) : c.json({ error: String(error) }, 500),
  );
  return app;
}

/** A request whose `body` getter counts the times it is asked for (Hono's own limit asks at once). */
function watchedRequest(init: RequestInit & { headers: Record<string, string> }) {
  const seen = { body: 0 };
  const request = new Request('http://localhost/echo', init);
  const watched = new Proxy(request, {
    get(target, key) {
      if (key === 'body') seen.body++;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { request: watched, seen };
}

describe('bodyLimit', () => {
  it('decides a request from the Node adapter with a Content-Length from its headers, never touching its body stream', async () => {
    const app = echoApp();
    const env = { incoming: {}, outgoing: {} };
    const small = watchedRequest({
      method: 'POST',
      body: 'x'.repeat(limit),
      headers: { 'content-length': '64' },
    });
    const answered = await app.fetch(small.request, env);
    expect(answered.status).toBe(200);
    expect(small.seen.body).toBe(0);

    const big = watchedRequest({
      method: 'POST',
      body: 'x'.repeat(limit + 1),
      headers: { 'content-length': '65' },
    });
    const refused = await app.fetch(big.request, env);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'payload_too_large' });
    expect(big.seen.body).toBe(0);

    const get = watchedRequest({ method: 'GET', headers: {} });
    expect((await app.fetch(get.request, env)).status).toBe(200);
    expect(get.seen.body).toBe(0);
  });

  it('counts the bytes of a body without a declared length, and of a request not from the adapter', async () => {
    const app = echoApp();
    const over = await app.request('/echo', { method: 'POST', body: 'x'.repeat(limit + 1) });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'payload_too_large' });
    const within = await app.request('/echo', { method: 'POST', body: 'ok' });
    expect(await within.text()).toBe('ok');
  });

  describe('served by @hono/node-server', () => {
    let server: ReturnType<typeof serve>;
    let url: string;
    beforeAll(async () => {
      await new Promise<void>((listening) => {
        server = serve({ fetch: echoApp().fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
          url = `http://127.0.0.1:${info.port}`;
          listening();
        });
      });
    });
    afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

    it('reads a body within the limit and refuses one over it, declared or chunked', async () => {
      const post = (body: BodyInit) =>
        fetch(`${url}/echo`, { method: 'POST', body, duplex: 'half' } as RequestInit);
      const chunked = (text: string) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < text.length; i += 16)
              controller.enqueue(new TextEncoder().encode(text.slice(i, i + 16)));
            controller.close();
          },
        });
      const declared = await post('é'.repeat(limit / 2));
      expect(await declared.text()).toBe('é'.repeat(limit / 2));
      const declaredOver = await post('x'.repeat(limit + 1));
      expect(declaredOver.status).toBe(413);
      expect(await declaredOver.json()).toMatchObject({ code: 'payload_too_large' });
      expect(await (await post(chunked('y'.repeat(limit)))).text()).toBe('y'.repeat(limit));
      const chunkedOver = await post(chunked('y'.repeat(limit * 4)));
      expect(chunkedOver.status).toBe(413);
      expect(await chunkedOver.json()).toMatchObject({ code: 'payload_too_large' });
      expect(await (await fetch(`${url}/echo`)).text()).toBe('get');
    });

    it('refuses a Content-Length over the limit before the body arrives', async () => {
      // Only the head is sent: the answer cannot wait for a body that never comes.
      const { port } = new URL(url);
      const answer = await new Promise<string>((done, fail) => {
        const client = connect(Number(port), '127.0.0.1', () =>
          client.write(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: ${limit * 1000}\r\n\r\n`),
        );
        let received = '';
        client.on('data', (chunk) => {
          received += chunk.toString();
          if (received.includes('payload_too_large')) {
            client.destroy();
            done(received);
          }
        });
        client.on('error', fail);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
    });
  });
});
