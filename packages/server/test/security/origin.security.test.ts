import { headers as protocolHeaders } from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Browser callers must come from an allowed origin, native apps with an allowed app id; CORS
 * echoes only allowed origins, with credentials (WIRE.md §1.2). Server callers prove the app
 * secret instead; the admin API takes only the admin key.
 */
describe.each(dialects)('origin checks and CORS (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  let secret: string;
  let wildcardId: string;

  interface Sent {
    status: number;
    headers: Headers;
    body: Record<string, unknown>;
  }

  const call = async (
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: unknown; app?: string } = {},
  ): Promise<Sent> => {
    const method = options.method ?? 'POST';
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'privy-app-id': options.app ?? appId,
        ...options.headers,
      },
      ...(method === 'GET' || method === 'OPTIONS' ? {} : { body: JSON.stringify(options.body ?? {}) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  };
  const init = (headers: Record<string, string>, app?: string) =>
    call('/api/v1/passwordless/init', {
      headers,
      body: { email: 'someone@example.com' },
      ...(app ? { app } : {}),
    });
  const basic = (id: string, key: string) => `Basic ${Buffer.from(`${id}:${key}`).toString('base64')}`;

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    const created = await t.createApp({
      allowed_domains: ['http://app.test'],
      allowed_native_app_ids: ['com.example.app'],
    });
    appId = created.app.id;
    secret = created.secret;
    wildcardId = (await t.createApp({ allowed_domains: ['https://*.example.com'] })).app.id;
  });
  afterAll(() => t.close());

  it('refuses a foreign Origin with invalid_origin and no CORS grant', async () => {
    for (const origin of [
      'http://evil.test',
      'https://app.test',
      'http://app.test:8080',
      'http://app.test.evil.test',
      'null',
    ]) {
      const res = await init({ origin });
      expect({ status: res.status, code: res.body.code }, origin).toEqual({
        status: 403,
        code: 'invalid_origin',
      });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
    }
  });

  it("the server's own origin (the wallet frame's) passes on every client route; look-alikes do not", async () => {
    // allowed_domains lists only http://app.test: the frame page, served by this server, still
    // calls the API (users/me, sessions) from its own origin.
    const own = t.url;
    const res = await init({ origin: own });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(own);
    const code = t.latchkey.devOutbox?.list(appId, 'someone@example.com')[0]?.text.match(/\b(\d{6})\b/)?.[1];
    const login = await call('/api/v1/passwordless/authenticate', {
      headers: { origin: own },
      body: { email: 'someone@example.com', code },
    });
    expect(login.status).toBe(200);
    const me = await call('/api/v1/users/me', {
      method: 'GET',
      headers: { origin: own, authorization: `Bearer ${login.body.token}` },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(own);
    const app = await call(`/api/v1/apps/${appId}`, { method: 'GET', headers: { origin: own } });
    expect(app.status).toBe(200);
    for (const origin of [
      own.replace('127.0.0.1', 'localhost'),
      own.replace('http:', 'https:'),
      `${own}0`,
      `${own}.evil.test`,
    ]) {
      const refused = await init({ origin });
      expect({ status: refused.status, code: refused.body.code }, origin).toEqual({
        status: 403,
        code: 'invalid_origin',
      });
    }
  });

  it("a Host header does not make its own origin this server's: Host evil.test + Origin http://evil.test", async () => {
    // fetch will not send a chosen Host, so this goes out through node:http.
    const { request } = await import('node:http');
    const url = new URL('/api/v1/passwordless/init', t.url);
    const sent = await new Promise<{ status: number; allow: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            headers: {
              host: 'evil.test',
              origin: 'http://evil.test',
              'privy-app-id': appId,
              'content-type': 'application/json',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                allow: res.headers['access-control-allow-origin'] as string | undefined,
                body,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ email: 'someone@example.com' }));
      },
    );
    expect(sent.status).toBe(403);
    expect(JSON.parse(sent.body).code).toBe('invalid_origin');
    expect(sent.allow).toBeUndefined();
  });
  it('refuses a request with neither Origin nor native app id: missing_origin', async () => {
    const res = await init({});
    expect(res).toMatchObject({ status: 403, body: { code: 'missing_origin', error: expect.any(String) } });
  });

  it('checks x-native-app-identifier against allowed_native_app_ids', async () => {
    const wrong = await init({ [protocolHeaders.nativeAppIdentifier]: 'com.evil.app' });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'invalid_native_app_id' } });
    const close = await init({ [protocolHeaders.nativeAppIdentifier]: 'com.example.app.evil' });
    expect(close).toMatchObject({ status: 403, body: { code: 'invalid_native_app_id' } });
    const allowed = await init({ [protocolHeaders.nativeAppIdentifier]: 'com.example.app' });
    expect(allowed).toMatchObject({ status: 200, body: { success: true } });
    // A browser Origin takes precedence: an allowed native id does not excuse a foreign origin.
    const both = await init({
      origin: 'http://evil.test',
      [protocolHeaders.nativeAppIdentifier]: 'com.example.app',
    });
    expect(both).toMatchObject({ status: 403, body: { code: 'invalid_origin' } });
  });

  it('echoes an allowed Origin with credentials', async () => {
    const res = await init({ origin: 'http://app.test' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.test');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    // Errors from an allowed origin stay readable to the page.
    const bad = await call('/api/v1/passwordless/init', {
      headers: { origin: 'http://app.test' },
      body: { email: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('http://app.test');
  });

  it("a wildcard 'https://*.example.com' matches subdomains only, on https only", async () => {
    for (const origin of ['https://a.example.com', 'https://deep.sub.example.com']) {
      const res = await init({ origin }, wildcardId);
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of [
      'https://example.com.evil.test',
      'https://example.com',
      'https://evilexample.com',
      'http://a.example.com',
      'https://a.example.com:8443',
      'https://a.example.com.',
      'https://evil.test#.example.com',
      'https://evil.test?.example.com',
      'https://evil.test/.example.com',
      'https://user@a.example.com',
      'https://A.EXAMPLE.COM',
    ]) {
      const res = await init({ origin }, wildcardId);
      expect({ status: res.status, code: res.body.code }, origin).toEqual({
        status: 403,
        code: 'invalid_origin',
      });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('a preflight lists every privy-* header, or echoes the requested ones', async () => {
    const bare = await fetch(`${t.url}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(bare.status).toBeLessThan(300);
    const allowed = (bare.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const name of [...Object.values(protocolHeaders), 'authorization', 'content-type']) {
      expect(allowed, name).toContain(name);
    }
    expect(bare.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(bare.headers.get('access-control-allow-credentials')).toBe('true');
    expect(bare.headers.get('access-control-allow-origin')).toBe('http://app.test');

    const requested = 'privy-app-id, privy-client, privy-ca-id, authorization, content-type';
    const echoed = await fetch(`${t.url}/api/v1/sessions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested,
      },
    });
    const echoedList = (echoed.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of requested.split(', ')) expect(echoedList).toContain(name);
  });

  it('Basic auth with the right app secret skips the origin check; a wrong secret is 401', async () => {
    const path = `/api/v1/apps/${appId}/allowlist`;
    const ok = await call(path, {
      method: 'GET',
      headers: { authorization: basic(appId, secret), origin: 'http://evil.test' },
    });
    expect(ok.status).toBe(200);
    // Allowed, but never granted to a foreign page through CORS.
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    const noOrigin = await init({ authorization: basic(appId, secret) });
    expect(noOrigin).toMatchObject({ status: 200, body: { success: true } });

    const wrongSecrets = [
      basic(appId, 'wrong-secret'),
      basic(appId, ''),
      basic(appId, `${secret}x`),
      basic(appId, secret.slice(0, -1)),
      basic(wildcardId, secret),
      `Basic ${Buffer.from(appId).toString('base64')}`,
    ];
    for (const authorization of wrongSecrets) {
      const res = await call(path, { method: 'GET', headers: { authorization, origin: 'http://app.test' } });
      expect({ status: res.status, code: res.body.code }, authorization).toEqual({
        status: 401,
        code: 'invalid_credentials',
      });
    }
    // Server routes need the secret even from an allowed origin.
    const browser = await call(path, { method: 'GET', headers: { origin: 'http://app.test' } });
    expect(browser).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('GET /api/v1/apps/:id and its JWKS are readable from any origin', async () => {
    for (const path of [`/api/v1/apps/${appId}`, `/api/v1/apps/${appId}/jwks.json`]) {
      const res = await call(path, { method: 'GET', headers: { origin: 'http://evil.test' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('http://evil.test');
      const noHeader = await fetch(`${t.url}${path}`);
      expect(noHeader.status, path).toBe(200);
    }
    // Public data only: no secret, no server settings.
    const app = await call(`/api/v1/apps/${appId}`, {
      method: 'GET',
      headers: { origin: 'http://evil.test' },
    });
    expect(app.body).not.toHaveProperty('settings');
    expect(app.body).not.toHaveProperty('secret');
    expect(app.body).not.toHaveProperty('test_otp_code');
    expect(JSON.stringify(app.body)).not.toContain(secret);
  });

  it('the admin API refuses a missing or wrong admin key, and app credentials', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-key' },
      { authorization: `Bearer ${testAdminKey.toUpperCase()}` },
      { authorization: `Bearer ${testAdminKey.slice(0, -1)}` },
      { authorization: testAdminKey },
      { authorization: `Basic ${Buffer.from(`admin:${testAdminKey}`).toString('base64')}` },
      { authorization: basic(appId, secret) },
    ];
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/admin/v1/apps'],
        ['POST', '/admin/v1/apps'],
        ['GET', `/admin/v1/apps/${appId}`],
        ['PATCH', `/admin/v1/apps/${appId}`],
        ['POST', `/admin/v1/apps/${appId}/signing_keys/rotate`],
      ] as const) {
        const res = await call(path, { method, headers, body: { name: 'Owned' } });
        expect(
          { status: res.status, code: res.body.code },
          `${method} ${path} ${JSON.stringify(headers)}`,
        ).toEqual({
          status: 401,
          code: 'missing_or_invalid_token',
        });
      }
    }
    const admin = await call('/admin/v1/apps', {
      method: 'GET',
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(admin.status).toBe(200);
    // Nothing was changed by the refused calls.
    const app = await call(`/api/v1/apps/${appId}`, { method: 'GET' });
    expect(app.body.name).toBe('Test app');
  });
});
