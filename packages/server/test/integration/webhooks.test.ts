import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@latchkey/protocol';
import {
  dialects,
  dumpDatabase,
  startTestServer,
  startWebhookReceiver,
  type TestServer,
  testAdminKey,
  type WebhookReceiver,
} from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  framePost,
  randomShare,
  recoveryFields,
} from '@latchkey/test/server/frame-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maxAttempts, retryDelaysSeconds } from '../../src/webhooks/retry-schedule.ts';
import { enrollTotp, mfaApp, post, totpCode } from '../fixtures/mfa.ts';

/**
 * Webhooks end to end: endpoints managed through the admin API, events of real logins delivered
 * from the outbox to a receiver on 127.0.0.1 that checks each signature with the
 * `standardwebhooks` library and the secret shown at creation; filtering, retries on the schedule
 * (the server's clock moved forward), the dead letter, resend, the delivery log, disabled and
 * deleted endpoints.
 */
describe.each(dialects)('webhooks (%s)', (dialect) => {
  let t: TestServer;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(() => t.close());

  const admin = async <T>(method: string, path: string, body?: unknown) => {
    const response = await t.fetch(`/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as T & { code?: string; error?: string },
    };
  };
  const receiver = async (answer?: WebhookReceiver['answer']) => {
    const r = await startWebhookReceiver(answer ? { answer } : {});
    receivers.push(r);
    return r;
  };
  /** An app and an endpoint of it pointing at `r`, whose secret the receiver verifies with. */
  const endpointFor = async (r: WebhookReceiver, body: Record<string, unknown> = {}, patch = {}) => {
    const app = await t.createApp(patch);
    const created = await admin<WebhookEndpointWithSecret>('POST', `/apps/${app.app.id}/webhooks`, {
      url: `${r.url}/hook`,
      ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    r.secret = created.body.secret;
    return { ...app, endpoint: created.body };
  };
  const deliveries = async (appId: string, endpointId: string) => {
    const res = await admin<{ data: WebhookDelivery[] }>(
      'GET',
      `/apps/${appId}/webhooks/${endpointId}/deliveries`,
    );
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** Moves the clock past the next retry (the delay plus its 20% jitter) and runs the worker. */
  const nextRetry = async (attempts: number) => {
    t.advance(Math.ceil(retryDelaysSeconds[attempts - 1]! * 1.2) + 1);
    await t.latchkey.webhooks!.drain();
  };

  it('shows the whsec_ secret once, on create; never after, never in the logs or the database', async () => {
    const r = await receiver();
    const { app, client, endpoint } = await endpointFor(r, { event_types: ['user.created'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({ url: `${r.url}/hook`, event_types: ['user.created'], enabled: true });
    const got = await admin<WebhookEndpoint>('GET', `/apps/${app.id}/webhooks/${endpoint.id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    const list = await admin<{ data: WebhookEndpoint[] }>('GET', `/apps/${app.id}/webhooks`);
    expect(list.body.data.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret.slice(6));
    // Rotation shows a new one, once; deliveries are signed with it.
    const rotated = await admin<WebhookEndpointWithSecret>(
      'POST',
      `/apps/${app.id}/webhooks/${endpoint.id}/rotate_secret`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    r.secret = rotated.body.secret;
    await client.loginWithEmail('rotated@example.com');
    await r.waitFor((got) => got.length === 1);
    const dump = JSON.stringify(await dumpDatabase(t));
    for (const secret of [endpoint.secret, rotated.body.secret]) {
      expect(dump).not.toContain(secret.slice(6));
      expect(t.logs.join('\n')).not.toContain(secret.slice(6));
    }
  });

  it('a login delivers user.created and user.authenticated, signed, compact, with a stable id', async () => {
    const r = await receiver();
    const { client, endpoint } = await endpointFor(r);
    const login = await client.loginWithEmail('hooked@example.com');
    expect(login.status).toBe(200);
    const got = await r.waitFor((all) => all.length >= 2);
    expect(got.map((w) => w.type).sort()).toEqual(['user.authenticated', 'user.created']);
    for (const w of got) {
      expect(w.verified).toBe(true);
      expect(w.headers['content-type']).toBe('application/json');
      expect(w.headers['svix-id']).toBe(w.id);
      expect(w.headers['svix-timestamp']).toBe(w.headers['webhook-timestamp']);
      expect(w.headers['svix-signature']).toMatch(/^v1,/);
      // Compact JSON: the parsed body re-serialises to the bytes that were signed (WIRE.md §7.6).
      expect(JSON.stringify(JSON.parse(w.raw))).toBe(w.raw);
      expect((w.body.user as { id: string }).id).toBe(login.body.user.id);
    }
    const created = got.find((w) => w.type === 'user.created')!;
    const outbox = await t.ctx.db
      .selectFrom('outbox')
      .select(['id', 'type'])
      .where('id', '=', created.id)
      .execute();
    expect(outbox).toEqual([{ id: created.id, type: 'user.created' }]);
    // The receiver has answered; the worker records it right after.
    await t.latchkey.webhooks!.drain();
    const log = await deliveries(client.appId, endpoint.id);
    expect(log).toHaveLength(2);
    for (const d of log) {
      expect(d.status).toBe('delivered');
      expect(d.log).toHaveLength(1);
      expect(d.log[0]).toMatchObject({ attempt: 1, status_code: 200, response_excerpt: 'ok', error: null });
      expect(d.log[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('an endpoint gets only the event types it subscribed to', async () => {
    const all = await receiver();
    const some = await receiver();
    const { client, app } = await endpointFor(all);
    const filtered = await admin<WebhookEndpointWithSecret>('POST', `/apps/${app.id}/webhooks`, {
      url: `${some.url}/only-auth`,
      event_types: ['user.authenticated'],
    });
    some.secret = filtered.body.secret;
    await client.loginWithEmail('filtered@example.com');
    await all.waitFor((got) => got.length >= 2);
    await some.waitFor((got) => got.length >= 1);
    await t.latchkey.webhooks!.drain();
    expect(some.received.map((w) => w.type)).toEqual(['user.authenticated']);
    expect(await deliveries(app.id, filtered.body.id)).toHaveLength(1);
  });

  it('retries a failing receiver on the schedule, dead-letters it, and resends it on demand', async () => {
    let status = 500;
    const r = await receiver(() => ({ status, body: `down ${'x'.repeat(5000)}` }));
    const { client, app, endpoint } = await endpointFor(r, { event_types: ['user.created'] });
    await client.loginWithEmail('flaky@example.com');
    await r.waitFor(() => r.all.length >= 1);
    await t.latchkey.webhooks!.drain();
    let [delivery] = await deliveries(app.id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, event_type: 'user.created' });
    const first = delivery!.log[0]!;
    expect(first).toMatchObject({ attempt: 1, status_code: 500, error: null });
    // The log keeps the first KiB of the answer.
    expect(first.response_excerpt).toHaveLength(1024);
    const now = t.ctx.now();
    // 5 s ± 20%
    expect(delivery!.next_attempt_at! - now).toBeGreaterThanOrEqual(3);
    expect(delivery!.next_attempt_at! - now).toBeLessThanOrEqual(6);
    for (let attempts = 1; attempts < maxAttempts; attempts++) {
      // Not before its time.
      await t.latchkey.webhooks!.drain();
      expect(r.all).toHaveLength(attempts);
      await nextRetry(attempts);
      expect(r.all).toHaveLength(attempts + 1);
    }
    [delivery] = await deliveries(app.id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: maxAttempts, next_attempt_at: null });
    expect(delivery!.log.map((a) => a.attempt)).toEqual(Array.from({ length: maxAttempts }, (_, i) => i + 1));
    // Every try carried the same event id: the receiver can dedupe.
    expect(new Set(r.all.map((w) => w.id)).size).toBe(1);
    // Dead: no more tries, however long we wait.
    t.advance(7 * 24 * 3600);
    await t.latchkey.webhooks!.drain();
    expect(r.all).toHaveLength(maxAttempts);

    status = 200;
    const resend = await admin(
      'POST',
      `/apps/${app.id}/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`,
    );
    expect(resend.status).toBe(200);
    await t.latchkey.webhooks!.drain();
    await r.waitFor((got) => got.length === 1);
    expect(r.received[0]!.id).toBe(r.all[0]!.id);
    [delivery] = await deliveries(app.id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: maxAttempts + 1 });
  });

  it('a disabled endpoint gets nothing until enabled; a deleted one nothing at all', async () => {
    const r = await receiver();
    const { client, app, endpoint } = await endpointFor(r, { enabled: false });
    await client.loginWithEmail('disabled@example.com');
    await t.latchkey.webhooks!.drain();
    await t.latchkey.webhooks!.drain();
    expect(r.requests).toBe(0);
    expect(await deliveries(app.id, endpoint.id)).toEqual([]);

    const enabled = await admin<WebhookEndpoint>('PATCH', `/apps/${app.id}/webhooks/${endpoint.id}`, {
      enabled: true,
      event_types: ['user.authenticated'],
    });
    expect(enabled.body).toMatchObject({ enabled: true, event_types: ['user.authenticated'] });
    await client.loginWithEmail('disabled@example.com');
    await r.waitFor((got) => got.length === 1);
    expect(r.received[0]!.type).toBe('user.authenticated');

    const deleted = await admin('DELETE', `/apps/${app.id}/webhooks/${endpoint.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin('GET', `/apps/${app.id}/webhooks/${endpoint.id}`)).status).toBe(404);
    await client.loginWithEmail('disabled@example.com');
    await t.latchkey.webhooks!.drain();
    await t.latchkey.webhooks!.drain();
    expect(r.requests).toBe(1);
    const left = await t.ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('delivers user.wallet_created, wallet.recovery_setup, wallet.recovered, wallet.private_key_export, mfa.*', async () => {
    const r = await receiver();
    const { client } = await endpointFor(r, {}, mfaApp);
    const login = await client.loginWithEmail('events@example.com');
    const wallet = await createEmbeddedWallet(t, client, login.body.token);
    const recovery = await framePost(
      t,
      client,
      '/api/v1/embedded_wallets/frame/set_recovery',
      { entropy_id: wallet.entropyId, auth_share: b64(randomShare()), ...recoveryFields('privy').body },
      login.body.token,
    );
    expect(recovery.status, JSON.stringify(recovery.body)).toBe(200);
    // The frame says why it takes a share: to recover the wallet on a device, to show a key.
    const frame = (route: string, body: Record<string, unknown>) =>
      framePost(t, client, `/api/v1/embedded_wallets/frame/${route}`, body, login.body.token);
    const recovered = await frame('recovery_share', { entropy_id: wallet.entropyId, purpose: 'recover' });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    const exported = await frame('auth_share', { entropy_id: wallet.entropyId, purpose: 'export' });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    // A share released for signing is no event.
    expect((await frame('auth_share', { entropy_id: wallet.entropyId })).status).toBe(200);
    const { secret } = await enrollTotp(client, login.body.token, () => t.ctx.now());
    // Removing the factor needs a fresh MFA verification.
    const verified = await post<{ token: string }>(
      client,
      '/api/v1/mfa/totp/verify',
      { code: totpCode(secret, t.ctx.now(), 1) },
      login.body.token,
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const removed = await post(
      client,
      '/api/v1/mfa/totp/unenroll',
      {},
      login.body.token,
      verified.body.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const wanted = [
      'user.wallet_created',
      'wallet.recovery_setup',
      'wallet.recovered',
      'wallet.private_key_export',
      'mfa.enabled',
      'mfa.disabled',
    ];
    await r.waitFor((got) => wanted.every((type) => got.some((w) => w.type === type)));
    await t.latchkey.webhooks!.drain();
    expect(r.received.every((w) => w.verified)).toBe(true);
    expect(r.received.filter((w) => w.type === 'wallet.private_key_export')).toHaveLength(1);
    const recoveredEvent = r.received.find((w) => w.type === 'wallet.recovered')!;
    expect(recoveredEvent.body).toEqual({
      type: 'wallet.recovered',
      user_id: `did:privy:${login.body.user.id.replace('did:privy:', '')}`,
      wallet_address: expect.any(String),
    });
  });

  it('refuses endpoint URLs that are not http(s), carry credentials, or are not URLs at all', async () => {
    const { app } = await t.createApp();
    for (const url of [
      'ftp://example.com/hook',
      'javascript:alert(1)',
      'https://user:pass@example.com/hook',
      'https://example.com/hook#fragment',
      'not a url',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      const res = await admin('POST', `/apps/${app.id}/webhooks`, { url });
      expect({ url, status: res.status, code: res.body.code }).toEqual({
        url,
        status: 400,
        code: 'invalid_data',
      });
    }
    const unknownType = await admin('POST', `/apps/${app.id}/webhooks`, {
      url: 'https://example.com/hook',
      event_types: ['user.nope'],
    });
    expect(unknownType.body.code).toBe('invalid_data');
    const unknownApp = await admin('POST', `/apps/${'z'.repeat(25)}/webhooks`, {
      url: 'https://example.com/hook',
    });
    expect(unknownApp).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const noKey = await t.fetch(`/admin/v1/apps/${app.id}/webhooks`);
    expect(noKey.status).toBe(401);
  });
});
