import { copyStorage, deadOrigin, startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '../storage.ts';

const tokenKeys = [
  storageKeys.token,
  storageKeys.refreshToken,
  storageKeys.identityToken,
  storageKeys.analyticsId,
];
const ttl = 120;

let t: TestServer;
/** Client clock offset in seconds; moved together with the server clock. */
let offset = 0;
const now = () => Date.now() + offset * 1000;
/** Moves both clocks, as time passing would. */
const advance = (seconds: number) => {
  offset += seconds;
  t.advance(seconds);
};

beforeAll(async () => {
  t = await startTestServer('sqlite', { settings: { accessTokenTtlSeconds: ttl } });
});
afterAll(() => t.close());

/** A ready client of a fresh app, logged in with email. */
async function loggedIn(email = 'alice@example.com', options: Parameters<typeof testClient>[2] = {}) {
  const { app, client: server } = await t.createApp();
  const c = testClient(t, app.id, { now, ...options });
  await c.client.initialize();
  await c.client.email.sendCode({ email });
  const result = await c.client.email.loginWithCode({ email, code: server.lastCode(email.toLowerCase()) });
  return { ...c, app, server, result };
}

describe('session manager on the real server', () => {
  it('logs in with email end to end, stores the tokens, and restores the session in a new client', async () => {
    const { app, client, storage, server, result, count } = await loggedIn('Alice@Example.com');
    expect(result.isNewUser).toBe(true);
    expect(result.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'alice@example.com' }),
    ]);
    expect(client.getState()).toMatchObject({ ready: true, authenticated: true, user: result.user });
    expect(client.getState().appConfig).toMatchObject({ id: app.id, email_auth: true });
    const token = await storage.get(storageKeys.token);
    expect(decodeJwt(token!)).toMatchObject({ aud: app.id, sub: result.user.id });
    expect(await storage.get(storageKeys.refreshToken)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeJwt((await storage.get(storageKeys.identityToken))!).sub).toBe(result.user.id);
    // An active token is used as is: no refresh.
    expect(await client.getAccessToken()).toBe(token);
    expect(count('/api/v1/sessions')).toBe(0);

    const reload = testClient(t, app.id, { storage: await copyStorage(storage, tokenKeys), now });
    await reload.client.initialize();
    expect(reload.client.getState()).toMatchObject({ authenticated: true, user: { id: result.user.id } });
    expect(reload.count('/api/v1/users/me')).toBe(1);
    expect(reload.count('/api/v1/sessions')).toBe(0);
    expect(server.appId).toBe(app.id);
  });

  it('refreshes only once the token is within 30 s of exp, and merges concurrent refreshes into one request', async () => {
    const { client, storage, count } = await loggedIn();
    const first = await storage.get(storageKeys.token);
    const firstRefresh = await storage.get(storageKeys.refreshToken);
    advance(ttl - 30 - 5); // 5 s before the margin: still active
    expect(await client.getAccessToken()).toBe(first);
    expect(count('/api/v1/sessions')).toBe(0);

    advance(10); // inside the 30 s margin
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => client.getAccessToken()));
    expect(count('/api/v1/sessions')).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    expect(tokens[0]).toBe(await storage.get(storageKeys.token));
    expect(await storage.get(storageKeys.refreshToken)).not.toBe(firstRefresh);
    // The refreshed token is active: no further refresh.
    await client.getAccessToken();
    expect(count('/api/v1/sessions')).toBe(1);
  });

  it('two tabs sharing storage refresh once between them, and neither spends a rotated token', async () => {
    const { app, client: tabA, storage, count: countA } = await loggedIn('tabs@example.com');
    // Tab B: same storage (same origin), its own memory, restored from what tab A stored.
    const tabB = testClient(t, app.id, { storage, now });
    await tabB.client.initialize();
    expect(tabB.client.getState().authenticated).toBe(true);
    advance(ttl); // both tabs hold an expired token and the same refresh token
    const [a, b] = await Promise.all([tabA.getAccessToken(), tabB.client.getAccessToken()]);
    expect(countA('/api/v1/sessions') + tabB.count('/api/v1/sessions')).toBe(1);
    expect(a).toBe(b);
    expect(tabA.getState().authenticated).toBe(true);
    expect(tabB.client.getState().authenticated).toBe(true);
    // The session survived: no reuse was detected, and the next rotation works from either tab.
    advance(ttl);
    expect(await tabB.client.getAccessToken()).not.toBeNull();
    expect(await tabA.getAccessToken()).not.toBeNull();
    expect(tabA.getState().authenticated && tabB.client.getState().authenticated).toBe(true);
  });

  it('getIdentityToken refreshes an expired identity token too', async () => {
    const { client, storage, count } = await loggedIn();
    const first = await client.getIdentityToken();
    expect(first).toBe(await storage.get(storageKeys.identityToken));
    advance(3600);
    const next = await client.getIdentityToken();
    expect(count('/api/v1/sessions')).toBe(1);
    expect(next).not.toBe(first);
    expect(decodeJwt(next!).exp).toBeGreaterThan(decodeJwt(first!).exp!);
  });

  it("'ignore' stores the new access and identity tokens and keeps the refresh token", async () => {
    const { client, storage, control } = await loggedIn();
    const before = {
      token: await storage.get(storageKeys.token),
      refresh: await storage.get(storageKeys.refreshToken),
      id: await storage.get(storageKeys.identityToken),
    };
    // A minute on, so the server signs a new identity token too (it answers a minute-old one again).
    advance(60);
    // A server that answers `ignore` (Latchkey itself never renews without a refresh token).
    control.rewriteResponse = (path, body) =>
      path === '/api/v1/sessions' ? { ...body, session_update_action: 'ignore', refresh_token: null } : body;
    const user = await client.refreshSession();
    control.rewriteResponse = undefined;
    expect(user?.id).toBe(client.getState().user?.id);
    expect(client.getState().authenticated).toBe(true);
    expect(await storage.get(storageKeys.token)).not.toBe(before.token);
    expect(await storage.get(storageKeys.identityToken)).not.toBe(before.id);
    expect(await storage.get(storageKeys.refreshToken)).toBe(before.refresh);
  });

  it('an access token without a refresh token does not renew: the session ends when it expires', async () => {
    const { app, storage } = await loggedIn();
    await storage.del(storageKeys.refreshToken);
    const reload = testClient(t, app.id, { storage: await copyStorage(storage, tokenKeys), now });
    await reload.client.initialize();
    expect(reload.client.getState().authenticated).toBe(true);
    advance(ttl);
    expect(await reload.client.getAccessToken()).toBeNull();
    expect(reload.client.getState().authenticated).toBe(false);
    expect(reload.count('/api/v1/sessions')).toBe(0);
  });

  it("'clear' after a server-side logout wipes local state and tells subscribers", async () => {
    const { client, storage, server } = await loggedIn();
    const refresh_token = await storage.get(storageKeys.refreshToken);
    expect((await server.post('/api/v1/sessions/logout', { refresh_token })).status).toBe(200);
    const states: boolean[] = [];
    client.subscribe(() => states.push(client.getState().authenticated));
    expect(await client.refreshSession()).toBeNull();
    expect(client.getState()).toMatchObject({ authenticated: false, user: null, ready: true });
    expect(states).toEqual([false]);
    for (const key of [storageKeys.token, storageKeys.refreshToken, storageKeys.identityToken])
      expect(await storage.get(key)).toBeNull();
    expect(await client.getAccessToken()).toBeNull();
  });

  it('missing_or_invalid_token on refresh clears the session (a reused refresh token)', async () => {
    const { app, client, storage } = await loggedIn();
    const otherTab = testClient(t, app.id, { storage: await copyStorage(storage, tokenKeys), now });
    await otherTab.client.initialize();
    await client.refreshSession(); // rotates: the other tab's refresh token is now used up
    advance(ttl); // both tokens expire
    expect(await otherTab.client.getAccessToken()).toBeNull();
    expect(otherTab.sent.at(-1)).toMatchObject({ path: '/api/v1/sessions' });
    expect(otherTab.client.getState().authenticated).toBe(false);
    expect(await otherTab.storage.get(storageKeys.refreshToken)).toBeNull();
  });

  it('a token issued for another app logs out, without sending that token anywhere', async () => {
    const { storage } = await loggedIn();
    const { app: other } = await t.createApp();
    const shared = await copyStorage(storage, tokenKeys);
    const foreign = await shared.get(storageKeys.token);
    const c = testClient(t, other.id, { storage: shared, now });
    await c.client.initialize();
    expect(c.client.getState()).toMatchObject({ ready: true, authenticated: false });
    expect(await shared.get(storageKeys.token)).toBeNull();
    expect(await shared.get(storageKeys.refreshToken)).toBeNull();
    expect(c.count('/api/v1/sessions/logout')).toBe(1);
    expect(c.sent.some((r) => r.headers.get('authorization') === `Bearer ${foreign}`)).toBe(false);
  });

  it('logout ends the server session, clears local state and the analytics id', async () => {
    const { client, storage, server, sent } = await loggedIn();
    const refresh_token = await storage.get(storageKeys.refreshToken);
    const caid = await storage.get(storageKeys.analyticsId);
    expect(caid).toMatch(/^[0-9a-f-]{36}$/);
    await client.logout();
    expect(sent.at(-1)).toMatchObject({ path: '/api/v1/sessions/logout', body: { refresh_token } });
    expect(client.getState()).toMatchObject({ authenticated: false, user: null });
    for (const key of tokenKeys) expect(await storage.get(key)).toBeNull();
    // The server session is gone: its refresh token now answers `clear`.
    const after = await server.post('/api/v1/sessions', { refresh_token });
    expect(after.body).toMatchObject({ session_update_action: 'clear' });
    // A later request makes a new analytics id.
    await client.trackEvent('after_logout');
    expect(await storage.get(storageKeys.analyticsId)).not.toBe(caid);
  });

  it('logout clears local state even when the server is unreachable', async () => {
    const { client, storage, control } = await loggedIn();
    control.origin = await deadOrigin();
    await expect(client.logout()).resolves.toBeUndefined();
    expect(client.getState()).toMatchObject({ authenticated: false, user: null });
    for (const key of tokenKeys) expect(await storage.get(key)).toBeNull();
  });

  it('refuses a login while logged in, before any request', async () => {
    const { client, server, sent } = await loggedIn('bob@example.com');
    await client.email.sendCode({ email: 'bob@example.com' });
    const requests = sent.length;
    const error = await client.email
      .loginWithCode({ email: 'bob@example.com', code: server.lastCode('bob@example.com') })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'LatchkeyClientError',
      code: 'already_logged_in',
      message: 'Attempted to log in, but user is already logged in. Use a `link` helper instead.',
    });
    expect(sent.length).toBe(requests);
  });

  it('writes the session cookies on login and deletes them on logout', async () => {
    const writes: string[] = [];
    const target = {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    const { client, storage } = await loggedIn('carol@example.com', { cookies: { target, secure: true } });
    const token = await storage.get(storageKeys.token);
    const idToken = await storage.get(storageKeys.identityToken);
    const expires = new Date(decodeJwt(token!).exp! * 1000).toUTCString();
    expect(writes).toContain(`privy-token=${token}; Path=/; Expires=${expires}; SameSite=Strict; Secure`);
    expect(writes.some((w) => w.startsWith(`privy-id-token=${idToken}; Path=/; Expires=`))).toBe(true);
    expect(writes).toContain('privy-session=t; Path=/; Max-Age=2592000; SameSite=Strict; Secure');
    expect(writes.some((w) => w.startsWith('privy-refresh-token='))).toBe(false);
    writes.length = 0;
    await client.logout();
    expect(writes.map((w) => w.split('=')[0])).toEqual([
      'privy-token',
      'privy-id-token',
      'privy-refresh-token',
      'privy-session',
    ]);
    expect(writes.every((w) => w.includes('Max-Age=0'))).toBe(true);
  });
});
