import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const token = 'scrape-token-0123456789abcdef';

describe.each(dialects)('metrics and request ids under attack (%s)', (dialect) => {
  let closed: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    closed = await startTestServer(dialect);
    guarded = await startTestServer(dialect, { settings: { metricsToken: token } });
  });
  afterAll(async () => {
    await closed.close();
    await guarded.close();
  });

  it('serves no /metrics unless configured: a 404 like any unknown path', async () => {
    const res = await closed.fetch(`/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
    // Not even to a caller who guesses a token.
    expect((await closed.fetch(`/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      404,
    );
  });

  it('serves /metrics with a metrics token only to that bearer token', async () => {
    const scrape = (authorization?: string) =>
      guarded.fetch(`/metrics`, { headers: authorization ? { authorization } : {} });
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}`,
      `bearer${token}`,
      `Bearer ${testAdminKey}`,
      `Bearer ${'a'.repeat(8000)}`,
    ]) {
      const res = await scrape(authorization);
      expect(res.status, authorization?.slice(0, 40)).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'missing_or_invalid_token' });
    }
    const res = await scrape(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('latchkey_http_requests_total');
    // A query string is no credential.
    expect((await guarded.fetch(`/metrics?token=${token}`)).status).toBe(401);
  });

  it('refuses a hostile x-request-id and uses a fresh one: the id goes into every log line', async () => {
    for (const hostile of [
      'a'.repeat(65),
      'id with spaces',
      'id"quote',
      'id\\u000anewline',
      '<script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      'id\u00e9',
      'caf\u00e9',
    ]) {
      const res = await guarded.fetch(`/health`, { headers: { 'x-request-id': hostile } });
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id');
      expect(id, hostile).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(guarded.logs.join('\n')).not.toContain(hostile);
    }
  });

  it('writes no token, code, secret or query in the access lines of a login and its session calls', async () => {
    const { app, secret, client } = await guarded.createApp();
    const login = await client.loginWithEmail('leak@example.com');
    expect(login.status).toBe(200);
    await client.request('/api/v1/users/me', { token: login.body.token });
    await client.post('/api/v1/sessions', { refresh_token: login.body.refresh_token });
    await guarded.fetch(`/api/v1/apps/${app.id}/allowlist?secret=${secret}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
        'privy-app-id': app.id,
      },
    });
    const access = guarded.logs.filter((line) => line.includes('"message":"request"'));
    expect(access.length).toBeGreaterThan(4);
    const text = access.join('\n');
    for (const value of [login.body.token, login.body.refresh_token, login.body.identity_token, secret])
      expect(text).not.toContain(value);
    expect(text).not.toContain(client.lastCode('leak@example.com'));
    expect(text).not.toContain('leak@example.com');
    expect(text).not.toContain('?');
  });
});
