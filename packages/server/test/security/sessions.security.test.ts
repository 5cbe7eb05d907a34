import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Refresh tokens (spec document 1 §4 Session, WIRE.md §5.3): opaque, single use, rotated on every refresh;
 * presenting a rotated one again is treated as theft and ends the whole session.
 */
describe.each(dialects)('sessions and refresh tokens (%s)', (dialect) => {
  let t: TestServer;
  let a: TestClient;
  let b: TestClient;

  const refresh = (client: TestClient, refreshToken: string, token?: string) =>
    client.post<AuthBody>('/api/v1/sessions', { refresh_token: refreshToken }, token ? { token } : {});
  const me = (client: TestClient, token: string) => client.request('/api/v1/users/me', { token });

  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = (await t.createApp()).client;
    b = (await t.createApp()).client;
  });
  afterAll(() => t.close());

  it('a refresh rotates the refresh token and issues a new access token', async () => {
    const login = (await a.loginWithEmail('rotate@example.com')).body;
    const first = await refresh(a, login.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.session_update_action).toBe('set');
    expect(first.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.body.refresh_token).not.toBe(login.refresh_token);
    expect(first.body.user.id).toBe(login.user.id);
    expect((await me(a, first.body.token)).status).toBe(200);
  });

  it('reusing a rotated refresh token is refused and revokes the whole session', async () => {
    const login = (await a.loginWithEmail('reuse@example.com')).body;
    const second = (await refresh(a, login.refresh_token)).body;
    const third = (await refresh(a, second.refresh_token)).body;
    expect(third.session_update_action).toBe('set');
    expect((await me(a, third.token)).status).toBe(200);

    // The thief (or a bug) presents the first, long-rotated token.
    const reuse = await refresh(a, login.refresh_token);
    expect(reuse).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });

    // The legitimate holder's newest tokens are dead too.
    const newest = await refresh(a, third.refresh_token);
    expect(newest.status).toBe(200);
    expect(newest.body).toMatchObject({ session_update_action: 'clear', token: null, refresh_token: null });
    expect(await me(a, third.token)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    expect(await me(a, second.token)).toMatchObject({ status: 401 });
    expect(await me(a, login.token)).toMatchObject({ status: 401 });
    // And an access token alone cannot revive it.
    const viaAccess = await a.post('/api/v1/sessions', {}, { token: third.token });
    expect(viaAccess).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });

    // Other sessions of the same user are untouched.
    const other = (await a.loginWithEmail('reuse@example.com')).body;
    expect((await refresh(a, other.refresh_token)).body.session_update_action).toBe('set');
  });

  it('concurrent refreshes with one token: exactly one gets new tokens', async () => {
    const login = (await a.loginWithEmail('race@example.com')).body;
    const results = await Promise.all(Array.from({ length: 12 }, () => refresh(a, login.refresh_token)));
    const winners = results.filter((r) => r.status === 200 && r.body.session_update_action === 'set');
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r === winners[0]) continue;
      // The losers are reuses: refused, or told to clear once the session is already revoked.
      const refused = r.status === 401 && r.body.code === 'missing_or_invalid_token';
      const cleared = r.status === 200 && r.body.session_update_action === 'clear' && r.body.token === null;
      expect(refused || cleared, JSON.stringify(r.body)).toBe(true);
    }
    expect(results.some((r) => r.status === 401)).toBe(true);
    // Exactly one rotated token was minted for the session.
    const rows = await t.ctx.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select(['refresh_tokens.token_hash', 'sessions.revoked_at'])
      .where('sessions.user_id', '=', login.user.id.replace('did:privy:', ''))
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('a refresh token of app A is refused by app B, and is not spent by the attempt', async () => {
    const login = (await a.loginWithEmail('cross@example.com')).body;
    const onB = await refresh(b, login.refresh_token);
    expect(onB).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const onBWithToken = await refresh(b, login.refresh_token, login.token);
    expect(onBWithToken).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    // A's access token does not refresh on B either.
    const accessOnB = await b.post('/api/v1/sessions', {}, { token: login.token });
    expect(accessOnB).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    // Logging out on B with A's tokens does nothing to A's session.
    await b.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token }, { token: login.token });
    const onA = await refresh(a, login.refresh_token);
    expect(onA.status).toBe(200);
    expect(onA.body.session_update_action).toBe('set');
  });

  it('an unknown or malformed refresh token is missing_or_invalid_token', async () => {
    for (const token of ['x'.repeat(43), 'not-a-token', '']) {
      const res = await a.post('/api/v1/sessions', { refresh_token: token });
      expect(res, token).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    }
  });

  it('logout then refresh answers clear; the access token stops working', async () => {
    const login = (await a.loginWithEmail('logout@example.com')).body;
    const out = await a.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token });
    expect(out).toMatchObject({ status: 200, body: {} });
    const after = await refresh(a, login.refresh_token);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      session_update_action: 'clear',
      user: null,
      token: null,
      refresh_token: null,
      identity_token: null,
    });
    expect(await me(a, login.token)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    // Logging out again is harmless.
    expect((await a.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token })).status).toBe(
      200,
    );
  });

  it('logout by access token alone ends the session too', async () => {
    const login = (await a.loginWithEmail('logout-bearer@example.com')).body;
    await a.post('/api/v1/sessions/logout', {}, { token: login.token });
    expect(await me(a, login.token)).toMatchObject({ status: 401 });
    expect((await refresh(a, login.refresh_token)).body.session_update_action).toBe('clear');
  });

  // Last: moves the server clock.
  it('a refresh token older than 30 days answers clear', async () => {
    const login = (await a.loginWithEmail('old@example.com')).body;
    const fresh = (await a.loginWithEmail('fresh@example.com')).body;
    t.advance(29 * 86_400);
    const stillFresh = await refresh(a, fresh.refresh_token);
    expect(stillFresh.body.session_update_action).toBe('set');
    t.advance(86_400 + 60);
    const old = await refresh(a, login.refresh_token);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ session_update_action: 'clear', token: null, refresh_token: null });
    // The session itself ends 30 days after the login: the token rotated on day 29 ends with it.
    const rotatedLate = await refresh(a, stillFresh.body.refresh_token);
    expect(rotatedLate.body).toMatchObject({ session_update_action: 'clear', token: null });
    expect((await me(a, stillFresh.body.token)).status).toBe(401);
  });

  it('a session has an absolute lifetime: tokens issued near its end expire with it', async () => {
    const login = (await a.loginWithEmail('absolute@example.com')).body;
    const start = decodeJwt(login.token);
    expect(start.auth_time).toBe(start.iat);
    // Refreshed every day, the session still ends 30 days after the login.
    let refreshToken = login.refresh_token;
    let last: AuthBody | null = null;
    for (let day = 1; day < 30; day++) {
      t.advance(86_400);
      const next = await refresh(a, refreshToken);
      expect(next.body.session_update_action, `day ${day}`).toBe('set');
      refreshToken = next.body.refresh_token;
      last = next.body;
    }
    const claims = decodeJwt(last!.token);
    // auth_time stays the login's; the access token issued on day 29 ends with the session.
    expect(claims.auth_time).toBe(start.auth_time);
    expect(claims.exp).toBeLessThanOrEqual(Number(start.auth_time) + 30 * 86_400);
    t.advance(86_400);
    expect((await refresh(a, refreshToken)).body.session_update_action).toBe('clear');
    expect((await me(a, last!.token)).status).toBe(401);
  });

  it('LATCHKEY_SESSION_TTL shortens the lifetime; the refresh token expires with the session', async () => {
    const short = await startTestServer(dialect, { settings: { sessionTtlSeconds: 600 } });
    try {
      const { client } = await short.createApp();
      const login = (await client.loginWithEmail('short@example.com')).body;
      expect(decodeJwt(login.token).exp).toBe(Number(decodeJwt(login.token).auth_time) + 600);
      short.advance(590);
      const next = (await refresh(client, login.refresh_token)).body;
      expect(next.session_update_action).toBe('set');
      expect(decodeJwt(next.token).exp).toBe(Number(decodeJwt(login.token).auth_time) + 600);
      short.advance(20);
      expect((await refresh(client, next.refresh_token)).body.session_update_action).toBe('clear');
      expect((await me(client, next.token)).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
