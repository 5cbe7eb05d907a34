import { type CookieJar, startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LatchkeyStorage, memoryStorage, storageKeys } from '../storage.ts';
import type { SessionCookies } from './cookies.ts';

const ttl = 120;
const tokenKeys: readonly string[] = [
  storageKeys.token,
  storageKeys.privyAccessToken,
  storageKeys.refreshToken,
  storageKeys.identityToken,
];

let t: TestServer;
/** The server's public URL: another origin than the one the client is given, to see the move. */
let publicUrl: string;

beforeAll(async () => {
  t = await startTestServer('sqlite', { listen: true, settings: { accessTokenTtlSeconds: ttl } });
  publicUrl = t.url.replace('127.0.0.1', 'localhost');
  t.ctx.settings.publicUrl = publicUrl;
});
afterAll(() => t.close());

/** Storage that remembers every key ever written. */
function watchedStorage(): LatchkeyStorage & { written: string[] } {
  const inner = memoryStorage();
  const written: string[] = [];
  return {
    written,
    get: (key) => inner.get(key),
    put: (key, value) => {
      written.push(key);
      return inner.put(key, value);
    },
    del: (key) => inner.del(key),
  };
}

/** A page's `document.cookie` that records every write. */
function pageCookies(): SessionCookies & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    secure: false,
    target: {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    },
  };
}

/** A client of an app with cookie sessions; `jar` plays the browser's cookie store (share it to reload). */
async function cookieClient(appId: string, jar?: CookieJar) {
  const storage = watchedStorage();
  const cookies = pageCookies();
  const c = testClient(t, appId, { storage, cookies }, jar);
  await c.client.initialize();
  return { ...c, storage, cookies };
}

async function loggedIn(email: string) {
  const { app, client: server } = await t.createApp({ cookie_sessions: true });
  const c = await cookieClient(app.id);
  await c.client.email.sendCode({ email });
  const result = await c.client.email.loginWithCode({ email, code: server.lastCode(email) });
  return { ...c, app, server, result };
}

const calls = (sent: { method: string; path: string }[]) => sent.map((r) => `${r.method} ${r.path}`);

describe('cookie sessions on the real server', () => {
  it('moves to custom_api_url, logs in, and keeps no token in storage, page cookies or getAccessToken', async () => {
    const { app, client, result, storage, cookies, jar, sent } = await loggedIn('cookie.core@example.com');
    expect(client.cookieSessions).toBe(true);
    expect(client.apiUrl).toBe(publicUrl);
    expect(result.isNewUser).toBe(true);
    expect(client.getState()).toMatchObject({ authenticated: true, user: { id: result.user.id } });
    // The browser holds the session, in cookies this client never sees.
    expect(decodeJwt(jar.get('privy-token')!).sub).toBe(result.user.id);
    expect(jar.get('privy-refresh-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await client.getAccessToken()).toBeNull();
    expect(storage.written.filter((key) => tokenKeys.includes(key))).toEqual([]);
    for (const key of tokenKeys) expect(await storage.get(key)).toBeNull();
    expect(cookies.writes).toEqual([]);
    // Only the app config went to the given URL; everything else to custom_api_url, with no Bearer.
    expect(sent[0]).toMatchObject({ origin: t.url, path: `/api/v1/apps/${app.id}` });
    expect(sent.slice(1).every((r) => r.origin === publicUrl)).toBe(true);
    expect(sent.some((r) => r.headers.has('authorization'))).toBe(false);
    expect(sent.every((r) => r.credentials === 'include')).toBe(true);

    // Authenticated calls ride on the cookie; the identity token is kept in memory only.
    expect((await client.acceptTerms()).has_accepted_terms).toBe(true);
    expect((await client.getUser()).id).toBe(result.user.id);
    expect(decodeJwt((await client.getIdentityToken())!).sub).toBe(result.user.id);
    expect(storage.written.filter((key) => tokenKeys.includes(key))).toEqual([]);
  });

  it('a reload restores the session from the cookies: /users/me, else one refresh, else logged out', async () => {
    const { app, jar, result } = await loggedIn('cookie.reload@example.com');
    const reload = await cookieClient(app.id, jar);
    expect(reload.client.getState()).toMatchObject({
      ready: true,
      authenticated: true,
      user: { id: result.user.id },
    });
    expect(calls(reload.sent)).toEqual([`GET /api/v1/apps/${app.id}`, 'GET /api/v1/users/me']);

    // The access cookie has expired: one refresh on the refresh cookie, with an empty body.
    t.advance(ttl + 1);
    const later = await cookieClient(app.id, jar);
    expect(later.client.getState()).toMatchObject({ authenticated: true, user: { id: result.user.id } });
    expect(calls(later.sent)).toEqual([
      `GET /api/v1/apps/${app.id}`,
      'GET /api/v1/users/me',
      'POST /api/v1/sessions',
    ]);
    expect(later.sent[2]).toMatchObject({ body: {} });
    expect(later.sent[2]!.headers.has('authorization')).toBe(false);

    // Another browser, no cookies: logged out, without an error.
    const stranger = await cookieClient(app.id);
    expect(stranger.client.getState()).toMatchObject({ ready: true, authenticated: false, user: null });
  });

  it('calls refused for an expired access cookie share one refresh and are sent again', async () => {
    const { client, count } = await loggedIn('cookie.retry@example.com');
    // The start-up restore of this cookie-less browser asked once each: counted from here.
    const [sessions, me] = [count('/api/v1/sessions'), count('/api/v1/users/me')];
    t.advance(ttl + 1);
    const [a, b, terms] = await Promise.all([client.getUser(), client.getUser(), client.acceptTerms()]);
    expect(a.id).toBe(client.getState().user?.id);
    expect(b.id).toBe(a.id);
    expect(terms.has_accepted_terms).toBe(true);
    expect(count('/api/v1/sessions') - sessions).toBe(1);
    // Each refused once, then sent again.
    expect(count('/api/v1/users/me') - me).toBe(4);
    expect(count('/api/v1/users/me/accept_terms')).toBe(2);
    expect(client.getState().authenticated).toBe(true);
  });

  it('a session ended elsewhere: the refused call refreshes once, gets clear, logs out and is not retried', async () => {
    const { client, server, jar, count } = await loggedIn('cookie.ended@example.com');
    const [sessions, me] = [count('/api/v1/sessions'), count('/api/v1/users/me')];
    const ended = await server.post(
      '/api/v1/sessions/logout',
      {},
      { headers: { cookie: jar.header('/api/v1/sessions') } },
    );
    expect(ended.status).toBe(200);
    await expect(client.getUser()).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    expect(count('/api/v1/sessions') - sessions).toBe(1);
    // Not sent again: there is no session to send it with.
    expect(count('/api/v1/users/me') - me).toBe(1);
    expect(client.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('logout posts /sessions/logout on the cookies, which the server deletes, and the old cookies die', async () => {
    const { client, jar, sent, server } = await loggedIn('cookie.logout@example.com');
    const old = jar.clone();
    await client.logout();
    expect(sent.at(-1)).toMatchObject({ path: '/api/v1/sessions/logout', body: {} });
    expect(sent.at(-1)!.headers.has('authorization')).toBe(false);
    expect(client.getState()).toMatchObject({ authenticated: false, user: null });
    expect(jar.header('/api/v1/sessions')).toBe('');
    const me = await server.request('/api/v1/users/me', {
      headers: { cookie: old.header('/api/v1/users/me') },
    });
    expect(me).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('an app without cookie sessions keeps token mode: tokens in storage, Bearer, no move', async () => {
    const { app, client: server } = await t.createApp();
    const c = await cookieClient(app.id);
    expect(c.client.cookieSessions).toBe(false);
    expect(c.client.apiUrl).toBe(t.url);
    await c.client.email.sendCode({ email: 'token.mode@example.com' });
    await c.client.email.loginWithCode({
      email: 'token.mode@example.com',
      code: server.lastCode('token.mode@example.com'),
    });
    expect(await c.client.getAccessToken()).toBe(await c.storage.get(storageKeys.token));
    expect(c.cookies.writes.map((w) => w.split('=')[0])).toContain('privy-token');
    expect(c.jar.header('/api/v1/sessions')).toBe('');
  });
});
