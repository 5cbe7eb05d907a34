import type { WebhookDelivery, WebhookEndpointWithSecret } from '@latchkey/protocol';
import {
  dialects,
  startTestServer,
  startWebhookReceiver,
  type TestServer,
  testAdminKey,
  type WebhookReceiver,
} from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Outbound webhook requests as an attack surface (SSRF): an app's endpoint URL must not reach the
 * server's own network unless the operator allows it, whether written as an address or as a name
 * that resolves to one; redirects are not followed; a receiver that never answers or answers
 * without end holds nothing up.
 */
describe.each(dialects)('webhook requests (%s)', (dialect) => {
  /** Private addresses refused, as in production; a short timeout. */
  let strict: TestServer;
  /** The test default: loopback allowed, for the local receivers. */
  let open: TestServer;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // A production server (development allows loopback receivers); http allowed, as an operator may.
    strict = await startTestServer(dialect, {
      settings: {
        webhookAllowPrivate: false,
        development: false,
        webhookAllowHttp: true,
        webhookTimeoutMs: 300,
      },
    });
    open = await startTestServer(dialect, { settings: { webhookTimeoutMs: 300 } });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await strict.close();
    await open.close();
  });

  const admin = async <T>(t: TestServer, method: string, path: string, body?: unknown) => {
    const response = await t.fetch(`/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T & { code?: string } };
  };
  const receiver = async (answer?: WebhookReceiver['answer']) => {
    const r = await startWebhookReceiver(answer ? { answer } : {});
    receivers.push(r);
    return r;
  };
  /** An app whose endpoint is `url`, one login's user.created sent to it; its delivery after the worker ran. */
  const deliverOne = async (t: TestServer, url: string, r?: WebhookReceiver): Promise<WebhookDelivery> => {
    const { app, secret } = await t.createApp();
    const created = await admin<WebhookEndpointWithSecret>(t, 'POST', `/apps/${app.id}/webhooks`, {
      url,
      event_types: ['user.created'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    if (r) r.secret = created.body.secret;
    // A new user, through the users API (the strict server is a production one: no dev outbox).
    const imported = await t.fetch('/api/v1/users', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
        'privy-app-id': app.id,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ linked_accounts: [{ type: 'email', address: 'ssrf@example.com' }] }),
    });
    expect(imported.status).toBe(200);
    for (let i = 0; i < 200; i++) {
      await t.latchkey.webhooks!.drain();
      const log = await admin<{ data: WebhookDelivery[] }>(
        t,
        'GET',
        `/apps/${app.id}/webhooks/${created.body.id}/deliveries`,
      );
      if (log.body.data[0]?.log.length) return log.body.data[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no attempt was made');
  };

  it('refuses private, loopback, link-local and metadata addresses written as addresses', async () => {
    const { app } = await strict.createApp();
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '169.254.169.254',
      '10.0.0.1',
      '192.168.0.1',
      '100.64.0.1',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      '2130706433',
    ]) {
      const res = await admin(strict, 'POST', `/apps/${app.id}/webhooks`, { url: `http://${host}/hook` });
      expect({ host, status: res.status, code: res.body.code }).toEqual({
        host,
        status: 400,
        code: 'invalid_data',
      });
    }
  });

  it('refuses a name that resolves to a private address, at connect time', async () => {
    const r = await receiver();
    const port = new URL(r.url).port;
    const delivery = await deliverOne(strict, `http://localhost:${port}/hook`, r);
    expect(delivery.log[0]).toMatchObject({ attempt: 1, status_code: null });
    expect(delivery.log[0]!.error).toMatch(/^refused/);
    expect(delivery.status).toBe('pending');
    expect(r.requests).toBe(0);
  });

  it('does not follow redirects: a 3xx is a failed try', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({
      status: 302,
      headers: { location: `${target.url}/stolen` },
    }));
    const delivery = await deliverOne(open, `${redirecting.url}/hook`, redirecting);
    expect(delivery.log[0]).toMatchObject({ attempt: 1, status_code: 302 });
    expect(delivery.status).toBe('pending');
    expect(redirecting.requests).toBe(1);
    expect(target.requests).toBe(0);
  });

  it('gives up on a receiver that never answers, and the API does not wait for it', async () => {
    const hanging = await receiver(() => ({ status: 200, hang: true }));
    const delivery = await deliverOne(open, `${hanging.url}/hook`, hanging);
    expect(delivery.log[0]).toMatchObject({ attempt: 1, status_code: null, error: 'timeout after 300 ms' });
    expect(delivery.status).toBe('pending');
  });

  it('reads only the start of an endless answer', async () => {
    const chatty = await receiver(() => ({ status: 200, body: 'y'.repeat(2 * 1024 * 1024) }));
    const delivery = await deliverOne(open, `${chatty.url}/hook`, chatty);
    expect(delivery.log[0]).toMatchObject({ attempt: 1, status_code: 200 });
    expect(delivery.log[0]!.response_excerpt).toHaveLength(1024);
  });

  it('refuses a connection to a closed port without a 5xx anywhere', async () => {
    const r = await receiver();
    const url = `${r.url}/hook`;
    await r.close();
    const delivery = await deliverOne(open, url);
    expect(delivery.log[0]!.error).toMatch(/^connection failed/);
    expect(open.logs.filter((l) => l.includes('unhandled error'))).toEqual([]);
  });
});
