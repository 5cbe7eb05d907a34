import {
  type AuthBody,
  CookieJar,
  dialects,
  type SetCookie,
  setCookies,
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const accessTtl = 600;
/** Shorter than the refresh token's 30 days: the refresh cookie must stop at the session's end. */
const sessionTtl = 7200;
const publicUrl = 'https://auth.example.test';

/**
 * HttpOnly cookie sessions (WIRE.md §5.4) on the real server: which cookies a login, a refresh and a
 * logout set, with which attributes; bodies without tokens; the cookies as credentials.
 */
describe.each(dialects)('cookie sessions (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { accessTokenTtlSeconds: accessTtl, sessionTtlSeconds: sessionTtl },
    });
    // The origin browsers would reach this server at; the tests still call it on 127.0.0.1.
    t.ctx.settings.publicUrl = publicUrl;
  });
  afterAll(() => t.close());

  /** A request that carries the jar's cookies for its path and keeps what the answer sets. */
  async function send<T = Record<string, unknown>>(
    client: TestClient,
    jar: CookieJar,
    path: string,
    options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const cookie = jar.header(path);
    const res = await client.request<T>(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      ...(options.body === undefined ? {} : { body: options.body }),
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    jar.store(res.headers);
    return res;
  }

  async function cookieLogin(client: TestClient, email: string) {
    const jar = new CookieJar();
    const init = await client.post('/api/v1/passwordless/init', { email });
    expect(init.status).toBe(200);
    const login = await send<AuthBody>(client, jar, '/api/v1/passwordless/authenticate', {
      body: { email, code: client.lastCode(email) },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { jar, login };
  }

  const cookieApp = (patch: Record<string, unknown> = {}) => t.createApp({ cookie_sessions: true, ...patch });

  /** Asserts one cookie's attributes exactly, its Max-Age within a second of `maxAge`. */
  function expectCookie(
    cookie: SetCookie | undefined,
    expected: { maxAge: number; path: string; httpOnly: boolean; domain?: string },
  ) {
    expect(cookie).toBeDefined();
    const { 'max-age': maxAge, ...rest } = cookie!.attributes;
    expect(Math.abs(Number(maxAge) - expected.maxAge)).toBeLessThanOrEqual(1);
    expect(rest).toEqual({
      path: expected.path,
      samesite: 'Strict',
      secure: true,
      ...(expected.httpOnly ? { httponly: true } : {}),
      ...(expected.domain ? { domain: expected.domain } : {}),
    });
  }

  it('the settings default off, are set like any other, and turn custom_api_url into the public URL', async () => {
    const { app } = await t.createApp();
    expect(app.settings).toMatchObject({ cookie_sessions: false, cookie_domain: null });
    const plain = await t.fetch(`/api/v1/apps/${app.id}`).then((r) => r.json());
    expect(plain.custom_api_url).toBeNull();

    const updated = await t.updateApp(app.id, { cookie_sessions: true, cookie_domain: 'example.test' });
    expect(updated.settings).toMatchObject({ cookie_sessions: true, cookie_domain: 'example.test' });
    const config = await t.fetch(`/api/v1/apps/${app.id}`).then((r) => r.json());
    expect(config.custom_api_url).toBe(publicUrl);
    // Server settings stay out of the public config.
    expect(config).not.toHaveProperty('cookie_sessions');
    expect(config).not.toHaveProperty('cookie_domain');

    // The public host itself is a valid domain too; null goes back to host-only.
    expect((await t.updateApp(app.id, { cookie_domain: 'auth.example.test' })).settings.cookie_domain).toBe(
      'auth.example.test',
    );
    expect((await t.updateApp(app.id, { cookie_domain: null })).settings.cookie_domain).toBeNull();
  });

  it('a cookie_domain the public host is not under, or that is no domain, is invalid_data', async () => {
    const { app } = await t.createApp();
    for (const domain of ['other.test', 'xample.test', 'sub.auth.example.test', 'test']) {
      await expect(t.updateApp(app.id, { cookie_domain: domain }), domain).rejects.toMatchObject({
        code: 'invalid_data',
        message: expect.stringContaining('cookie_domain'),
      });
    }
    for (const domain of ['Example.test', '.example.test', 'example.test:443', '127.0.0.1', '', 'a..test']) {
      await expect(t.updateApp(app.id, { cookie_domain: domain }), domain).rejects.toMatchObject({
        code: 'invalid_data',
        message: expect.stringContaining('cookie_domain'),
      });
    }
    await expect(t.createApp({ cookie_domain: 'other.test' })).rejects.toMatchObject({
      code: 'invalid_data',
    });
    expect((await t.ctx.apps.load(app.id, { fresh: true }))?.settings.cookie_domain).toBeNull();
  });

  it('a login sets the four cookies, exactly, and answers no token', async () => {
    const { client } = await cookieApp();
    const { login } = await cookieLogin(client, 'cookies@example.com');
    const cookies = setCookies(login.headers);
    expect(Object.keys(cookies).sort()).toEqual([
      'privy-id-token',
      'privy-refresh-token',
      'privy-session',
      'privy-token',
    ]);
    const access = decodeJwt(cookies['privy-token']!.value);
    expect(access).toMatchObject({ aud: client.appId, sub: login.body.user.id });
    expectCookie(cookies['privy-token'], { maxAge: accessTtl, path: '/', httpOnly: true });
    expectCookie(cookies['privy-id-token'], { maxAge: 3600, path: '/', httpOnly: true });
    expect(cookies['privy-id-token']!.value).toBe(login.body.identity_token);
    // The refresh token would live 30 days; the session ends first.
    expectCookie(cookies['privy-refresh-token'], {
      maxAge: sessionTtl,
      path: '/api/v1/sessions',
      httpOnly: true,
    });
    expect(cookies['privy-refresh-token']!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectCookie(cookies['privy-session'], { maxAge: sessionTtl, path: '/', httpOnly: false });
    expect(cookies['privy-session']!.value).toBe('t');

    expect(login.body).toMatchObject({
      token: null,
      privy_access_token: null,
      refresh_token: null,
      session_update_action: 'set',
      is_new_user: true,
      user: { id: expect.stringMatching(/^did:privy:/) },
      identity_token: expect.any(String),
    });
    const raw = JSON.stringify(login.body);
    expect(raw).not.toContain(cookies['privy-token']!.value);
    expect(raw).not.toContain(cookies['privy-refresh-token']!.value);
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('the access cookie authenticates; a refresh by cookie rotates every cookie, never past the session end', async () => {
    const { client } = await cookieApp();
    const { jar, login } = await cookieLogin(client, 'rotate.cookie@example.com');
    const me = await send(client, jar, '/api/v1/users/me');
    expect(me).toMatchObject({ status: 200, body: { user: { id: login.body.user.id } } });

    t.advance(3600);
    const before = jar.clone();
    // The incumbent's React client sends `deprecated` when it holds no refresh token: the cookie counts.
    const refresh = await send<AuthBody>(client, jar, '/api/v1/sessions', {
      body: { refresh_token: 'deprecated' },
    });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    expect(refresh.body).toMatchObject({
      token: null,
      privy_access_token: null,
      refresh_token: null,
      session_update_action: 'set',
      user: { id: login.body.user.id },
    });
    const cookies = setCookies(refresh.headers);
    expect(cookies['privy-token']!.value).not.toBe(before.get('privy-token'));
    expect(cookies['privy-refresh-token']!.value).not.toBe(before.get('privy-refresh-token'));
    expect(decodeJwt(cookies['privy-token']!.value).sid).toBe(decodeJwt(before.get('privy-token')!).sid);
    expectCookie(cookies['privy-token'], { maxAge: accessTtl, path: '/', httpOnly: true });
    expectCookie(cookies['privy-refresh-token'], {
      maxAge: sessionTtl - 3600,
      path: '/api/v1/sessions',
      httpOnly: true,
    });
    expectCookie(cookies['privy-session'], { maxAge: sessionTtl - 3600, path: '/', httpOnly: false });
    expect((await send(client, jar, '/api/v1/users/me')).status).toBe(200);
  });

  it('replaying a rotated refresh cookie revokes the session and deletes the cookies', async () => {
    const { client } = await cookieApp();
    const { jar } = await cookieLogin(client, 'replay.cookie@example.com');
    const stolen = jar.clone();
    expect((await send(client, jar, '/api/v1/sessions', { body: {} })).status).toBe(200);

    const replay = await send(client, stolen, '/api/v1/sessions', { body: {} });
    expect(replay).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    for (const cookie of Object.values(setCookies(replay.headers)))
      expect(cookie.attributes['max-age']).toBe('0');
    expect(stolen.header('/api/v1/sessions')).toBe('');

    // The legitimate holder's fresh cookies are dead too: the access cookie is refused, the refresh clears.
    expect(await send(client, jar, '/api/v1/users/me')).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    const after = await send<AuthBody>(client, jar, '/api/v1/sessions', { body: {} });
    expect(after.body).toMatchObject({ session_update_action: 'clear', token: null, user: null });
    expect(Object.keys(setCookies(after.headers)).sort()).toEqual([
      'privy-id-token',
      'privy-refresh-token',
      'privy-session',
      'privy-token',
    ]);
    expect(jar.header('/api/v1/sessions')).toBe('');
  });

  it('logout by cookie ends the session and deletes all four cookies with their Path and Domain', async () => {
    const { client } = await cookieApp({ cookie_domain: 'example.test' });
    const { jar } = await cookieLogin(client, 'logout.cookie@example.com');
    const old = jar.clone();
    const out = await send(client, jar, '/api/v1/sessions/logout', { body: {} });
    expect(out).toMatchObject({ status: 200, body: {} });
    const cleared = setCookies(out.headers);
    expect(Object.fromEntries(Object.entries(cleared).map(([name, c]) => [name, c.attributes]))).toEqual({
      'privy-token': {
        'max-age': '0',
        domain: 'example.test',
        path: '/',
        httponly: true,
        secure: true,
        samesite: 'Strict',
      },
      'privy-id-token': {
        'max-age': '0',
        domain: 'example.test',
        path: '/',
        httponly: true,
        secure: true,
        samesite: 'Strict',
      },
      'privy-refresh-token': {
        'max-age': '0',
        path: '/api/v1/sessions',
        httponly: true,
        secure: true,
        samesite: 'Strict',
      },
      'privy-session': {
        'max-age': '0',
        domain: 'example.test',
        path: '/',
        secure: true,
        samesite: 'Strict',
      },
    });
    expect(jar.header('/api/v1/sessions')).toBe('');

    // The old cookies, replayed, no longer work.
    expect(await send(client, old.clone(), '/api/v1/users/me')).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    const refresh = await send<AuthBody>(client, old, '/api/v1/sessions', { body: {} });
    expect(refresh.body).toMatchObject({ session_update_action: 'clear', user: null });
  });

  it('cookie_domain puts the access, identity and session cookies on the parent domain, never the refresh cookie', async () => {
    const { client } = await cookieApp({ cookie_domain: 'example.test' });
    const { login } = await cookieLogin(client, 'domain.cookie@example.com');
    const cookies = setCookies(login.headers);
    expectCookie(cookies['privy-token'], {
      maxAge: accessTtl,
      path: '/',
      httpOnly: true,
      domain: 'example.test',
    });
    expectCookie(cookies['privy-id-token'], {
      maxAge: 3600,
      path: '/',
      httpOnly: true,
      domain: 'example.test',
    });
    expectCookie(cookies['privy-session'], {
      maxAge: sessionTtl,
      path: '/',
      httpOnly: false,
      domain: 'example.test',
    });
    expectCookie(cookies['privy-refresh-token'], {
      maxAge: sessionTtl,
      path: '/api/v1/sessions',
      httpOnly: true,
    });
  });

  it('over plain http the cookies are not Secure (browsers would drop them)', async () => {
    const { client } = await cookieApp();
    t.ctx.settings.publicUrl = 'http://auth.example.test:8787';
    try {
      const { login } = await cookieLogin(client, 'plain.http@example.com');
      const cookies = Object.values(setCookies(login.headers));
      expect(cookies).toHaveLength(4);
      for (const cookie of cookies) {
        expect(cookie.attributes.secure, cookie.name).toBeUndefined();
        expect(cookie.attributes.samesite).toBe('Strict');
      }
    } finally {
      t.ctx.settings.publicUrl = publicUrl;
    }
  });

  it('a cookie_domain the public host has since left is not used: the cookies fall back to host-only', async () => {
    const { client } = await cookieApp({ cookie_domain: 'example.test' });
    t.ctx.settings.publicUrl = 'https://auth.elsewhere.test';
    try {
      const { login } = await cookieLogin(client, 'moved.host@example.com');
      const cookies = Object.values(setCookies(login.headers));
      expect(cookies).toHaveLength(4);
      for (const cookie of cookies) expect(cookie.attributes.domain, cookie.name).toBeUndefined();
    } finally {
      t.ctx.settings.publicUrl = publicUrl;
    }
  });

  it('apps without the setting keep Bearer sessions: tokens in the body, no cookies, cookies ignored', async () => {
    const cookieMode = await cookieApp();
    const { jar } = await cookieLogin(cookieMode.client, 'cookie.side@example.com');

    const { client } = await t.createApp();
    const login = await client.loginWithEmail('bearer.side@example.com');
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(login.body.token).toMatch(/^ey/);
    expect(login.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);

    // Its own token in a cookie is no credential for it, nor is a refresh token in one.
    const ownCookies = `privy-token=${login.body.token}; privy-refresh-token=${login.body.refresh_token}`;
    expect(await client.request('/api/v1/users/me', { headers: { cookie: ownCookies } })).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    const refresh = await client.post('/api/v1/sessions', {}, { headers: { cookie: ownCookies } });
    expect(refresh).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    expect(refresh.headers.getSetCookie()).toEqual([]);
    const logout = await client.post('/api/v1/sessions/logout', {}, { headers: { cookie: ownCookies } });
    expect(logout.headers.getSetCookie()).toEqual([]);
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);
    // Nor does another app's cookie count.
    expect(
      await client.request('/api/v1/users/me', { headers: { cookie: jar.header('/api/v1/users/me') } }),
    ).toMatchObject({ status: 401 });
  });

  it('a Bearer header still works for an app with cookie sessions, and wins over the cookie', async () => {
    const { client } = await cookieApp();
    const { jar, login } = await cookieLogin(client, 'both.ways@example.com');
    const token = jar.get('privy-token')!;
    expect((await client.request('/api/v1/users/me', { token })).status).toBe(200);
    const other = await cookieLogin(client, 'someone.else@example.com');
    const me = await send<{ user: { id: string } }>(client, jar, '/api/v1/users/me', {
      headers: { authorization: `Bearer ${other.jar.get('privy-token')}` },
    });
    expect(me.body.user.id).toBe(other.login.body.user.id);
    expect(me.body.user.id).not.toBe(login.body.user.id);
  });
});
