/**
 * The admin API against a browser on another origin and against key guessing: an app's page cannot
 * read it with the operator's dashboard cookie (no CORS grant, the request refused), failed admin
 * logins are throttled per IP, and a short admin key is refused at start.
 */
import { randomBytes } from 'node:crypto';
import { retryAfterHeader } from '@latchkey/protocol';
import { createLatchkey } from '@latchkey/server';
import { dialects, startTestServer, type TestServer, testAdminKey, testOrigin } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';

const json = { 'content-type': 'application/json' };

describe.each(dialects)('admin API from another origin (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    appId = (await t.createApp()).app.id;
    const login = await t.fetch(`/admin/v1/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ admin_key: testAdminKey }),
    });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  });
  afterAll(() => t.close());

  /** What script on an app's page sends: its origin, the app's id, the browser's dashboard cookie. */
  const fromAppPage = (path: string, init: RequestInit = {}) =>
    t.fetch(`${path}`, {
      ...init,
      headers: { origin: testOrigin, 'privy-app-id': appId, cookie, ...init.headers },
    });

  it("refuses a credentialed read from an app's allowed origin, and grants it no CORS", async () => {
    for (const path of [
      '/admin/v1/apps',
      `/admin/v1/apps/${appId}/users`,
      `/admin/v1/apps/${appId}/dev_outbox`,
    ]) {
      const response = await fromAppPage(path);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'invalid_origin' });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    // The preflight of a write grants nothing either.
    const preflight = await fromAppPage('/admin/v1/apps', {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-latchkey-admin',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The same origin is still granted the app's own API.
    const appApi = await fromAppPage(`/api/v1/apps/${appId}`, { method: 'OPTIONS' });
    expect(appApi.headers.get('access-control-allow-origin')).toBe(testOrigin);
  });

  it('refuses another origin even with the admin key, and its dashboard login', async () => {
    const bearer = await fromAppPage('/admin/v1/apps', {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(bearer.status).toBe(403);
    const login = await t.fetch(`/admin/v1/session`, {
      method: 'POST',
      headers: { ...json, origin: 'https://evil.example' },
      body: JSON.stringify({ admin_key: testAdminKey }),
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'invalid_origin' });
    expect(login.headers.get('set-cookie')).toBeNull();
  });

  it("answers the dashboard's own origin, and a caller naming no origin", async () => {
    const dashboard = await t.fetch(`/admin/v1/apps`, { headers: { origin: t.origin, cookie } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('access-control-allow-origin')).toBe(t.origin);
    const preflight = await t.fetch(`/admin/v1/apps`, {
      method: 'OPTIONS',
      headers: { origin: t.origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(t.origin);
    const cli = await t.fetch(`/admin/v1/apps`, {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(cli.status).toBe(200);
    expect(((await cli.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toContain(appId);
  });
});

describe('failed admin logins', () => {
  const budget = rateLimitBudgets.adminAuthIp.points;
  // Rate limits are off in the test kit: on here, one server per test so each has a fresh budget.
  const withLimits = () => startTestServer('sqlite', { settings: { rateLimitsEnabled: true } });

  /** Each way the admin key is presented: the Bearer header, the dashboard login. */
  const attempts = {
    bearer: (t: TestServer, key: string) =>
      t.fetch(`/admin/v1/apps`, { headers: { authorization: `Bearer ${key}` } }),
    'dashboard login': (t: TestServer, key: string) =>
      t.fetch(`/admin/v1/session`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ admin_key: key }),
      }),
  };

  for (const [name, attempt] of Object.entries(attempts)) {
    it(`are throttled per IP (${name}), and only failures count`, async () => {
      const t = await withLimits();
      try {
        // The right key takes no point: many uses leave the whole budget to failures.
        for (let i = 0; i < budget + 5; i++) expect((await attempt(t, testAdminKey)).status).toBe(200);
        for (let i = 0; i < budget; i++) expect((await attempt(t, `wrong-${i}`)).status).toBe(401);
        const refused = await attempt(t, 'wrong-again');
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
        expect(Number(refused.headers.get(retryAfterHeader))).toBeGreaterThan(0);
        // Once the IP is blocked, even the right key waits: guessing cannot test candidates.
        expect((await attempt(t, testAdminKey)).status).toBe(429);
      } finally {
        await t.close();
      }
    });
  }

  it('share one budget between the Bearer header and the dashboard login', async () => {
    const t = await withLimits();
    try {
      for (let i = 0; i < budget; i++) await attempts[i % 2 ? 'bearer' : 'dashboard login'](t, `wrong-${i}`);
      expect((await attempts.bearer(t, 'wrong')).status).toBe(429);
      expect((await attempts['dashboard login'](t, testAdminKey)).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the configured admin key', () => {
  it('is refused at start when shorter than 32 characters', async () => {
    const start = createLatchkey({
      dataDir: ':memory:',
      masterKey: new Uint8Array(randomBytes(32)),
      adminKey: 'x'.repeat(31),
    });
    await expect(start).rejects.toThrow(
      /^The admin key \(LATCHKEY_ADMIN_KEY\) has 31 characters; it must have at least 32/,
    );
  });
});
