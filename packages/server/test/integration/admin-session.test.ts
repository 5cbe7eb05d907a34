/**
 * The dashboard's login: the admin key once for an HttpOnly session cookie; the cookie admits the
 * admin API like the key does, writes only with the CSRF header from the server's own origin; logout
 * and expiry end it; only the session id's hash is stored.
 */
import { createHash } from 'node:crypto';
import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('admin session (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const call = (
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    t.fetch(`${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });

  /** Logs in and returns the cookie pair (`latchkey_admin=…`) and the whole Set-Cookie header. */
  async function login(): Promise<{ cookie: string; setCookie: string; id: string }> {
    const response = await call('POST', '/admin/v1/session', { body: { admin_key: testAdminKey } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0]!;
    return { cookie, setCookie, id: cookie.slice('latchkey_admin='.length) };
  }

  const csrf = { 'x-latchkey-admin': '1' };

  it('sets an HttpOnly, SameSite=Strict cookie scoped to the admin API, and stores only its hash', async () => {
    const { setCookie, id } = await login();
    expect(setCookie).toMatch(/^latchkey_admin=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/admin\/v1/);
    // The test server's public URL is http: no Secure (it would never be sent back).
    expect(setCookie).not.toMatch(/Secure/i);
    const rows = await t.ctx.db.selectFrom('admin_sessions').selectAll().execute();
    expect(rows.some((r) => r.id_hash === createHash('sha256').update(id).digest('hex'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(t.logs.join('\n')).not.toContain(id);
  });

  it('refuses a wrong key, and a cookie-less call', async () => {
    const wrong = await call('POST', '/admin/v1/session', { body: { admin_key: 'not-the-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'missing_or_invalid_token' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await call('GET', '/admin/v1/apps')).status).toBe(401);
    expect((await call('GET', '/admin/v1/apps', { cookie: 'latchkey_admin=forged' })).status).toBe(401);
  });

  it('admits reads with the cookie, and writes with the CSRF header from its own origin', async () => {
    const { cookie } = await login();
    expect((await call('GET', '/admin/v1/apps', { cookie })).status).toBe(200);
    const created = await call('POST', '/admin/v1/apps', {
      cookie,
      body: { name: 'From the dashboard' },
      headers: { ...csrf, origin: t.origin },
    });
    expect(created.status).toBe(200);
    // No Origin header (some same-origin requests): the custom header is enough.
    expect(
      (await call('POST', '/admin/v1/apps', { cookie, body: { name: 'No origin' }, headers: csrf })).status,
    ).toBe(200);
  });

  it('refuses cookie writes without the header, or from another origin', async () => {
    const { cookie } = await login();
    const before = (await t.ctx.db.selectFrom('apps').select('id').execute()).length;
    const noHeader = await call('POST', '/admin/v1/apps', {
      cookie,
      body: { name: 'CSRF' },
      headers: { origin: t.origin },
    });
    expect(noHeader.status).toBe(403);
    expect(await noHeader.json()).toMatchObject({ code: 'invalid_origin' });
    const crossOrigin = await call('POST', '/admin/v1/apps', {
      cookie,
      body: { name: 'CSRF' },
      headers: { ...csrf, origin: 'https://evil.example' },
    });
    expect(crossOrigin.status).toBe(403);
    const wrongValue = await call('POST', '/admin/v1/apps', {
      cookie,
      body: { name: 'CSRF' },
      headers: { 'x-latchkey-admin': 'yes' },
    });
    expect(wrongValue.status).toBe(403);
    expect((await t.ctx.db.selectFrom('apps').select('id').execute()).length).toBe(before);
    // The admin key itself is not a browser credential: a Bearer call needs no CSRF header.
    const bearer = await call('POST', '/admin/v1/apps', {
      body: { name: 'CLI' },
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(bearer.status).toBe(200);
  });

  it('a wrong Bearer key is refused even alongside a valid cookie', async () => {
    const { cookie } = await login();
    const response = await call('GET', '/admin/v1/apps', {
      cookie,
      headers: { authorization: 'Bearer wrong' },
    });
    expect(response.status).toBe(401);
  });

  it('expires', async () => {
    const { cookie } = await login();
    expect((await call('GET', '/admin/v1/apps', { cookie })).status).toBe(200);
    t.advance(12 * 60 * 60 + 1);
    const expired = await call('GET', '/admin/v1/apps', { cookie });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'missing_or_invalid_token' });
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const { cookie } = await login();
    const refused = await call('DELETE', '/admin/v1/session', { cookie });
    expect(refused.status).toBe(403);
    const out = await call('DELETE', '/admin/v1/session', { cookie, headers: { ...csrf, origin: t.origin } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/latchkey_admin=;.*Max-Age=0/i);
    expect((await call('GET', '/admin/v1/apps', { cookie })).status).toBe(401);
  });
});

describe('admin session without an admin key', () => {
  it('is refused when the admin API is off', async () => {
    const t = await startTestServer('sqlite', { adminApi: false });
    try {
      const response = await t.fetch(`/admin/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ admin_key: 'anything' }),
      });
      expect(response.status).not.toBe(200);
    } finally {
      await t.close();
    }
  });
});
