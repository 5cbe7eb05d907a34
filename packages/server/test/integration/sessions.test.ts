import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('sessions: refresh and logout (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('a refresh token is rotated: set, a new refresh token and access token, the same user', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('rotate@example.com');
    const res = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: login.body.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body.session_update_action).toBe('set');
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.refresh_token).not.toBe(login.body.refresh_token);
    expect(res.body.user.id).toBe(login.body.user.id);
    expect(res.body.identity_token).toEqual(expect.any(String));
    const claims = decodeJwt(res.body.token);
    expect(claims.sub).toBe(login.body.user.id);
    expect(claims.sid).toBe(decodeJwt(login.body.token).sid);
    const me = await client.request('/api/v1/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    // The new refresh token works in turn.
    const next = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: res.body.refresh_token });
    expect(next.body.session_update_action).toBe('set');
    expect(next.body.refresh_token).not.toBe(res.body.refresh_token);
  });

  it('an access token alone never renews the session, valid or not; the refresh token still does', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('bearer@example.com');
    for (const body of [{}, { refresh_token: 'deprecated' }, { refresh_token: null }]) {
      const res = await client.post<AuthBody>('/api/v1/sessions', body, { token: login.body.token });
      expect(res, JSON.stringify(body)).toMatchObject({
        status: 401,
        body: {
          code: 'missing_or_invalid_token',
          error: 'A refresh token is required to renew the session.',
        },
      });
    }
    // Still logged in: the token works and the session's refresh token rotates.
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);
    const refreshed = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: login.body.refresh_token,
    });
    expect(refreshed.body.session_update_action).toBe('set');
  });

  it('no credentials at all, or an unknown refresh token: 401 missing_or_invalid_token', async () => {
    const { client } = await t.createApp();
    const none = await client.post('/api/v1/sessions', {});
    expect(none).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const empty = await client.request('/api/v1/sessions', { method: 'POST' });
    expect(empty).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const deprecatedAlone = await client.post('/api/v1/sessions', { refresh_token: 'deprecated' });
    expect(deprecatedAlone).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const unknown = await client.post('/api/v1/sessions', { refresh_token: 'x'.repeat(43) });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const badBearer = await client.post('/api/v1/sessions', {}, { token: 'not.a.jwt' });
    expect(badBearer).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('a refresh token of another app is unknown to this one', async () => {
    const a = await t.createApp();
    const b = await t.createApp();
    const login = await a.client.loginWithEmail('cross@example.com');
    const res = await b.client.post('/api/v1/sessions', { refresh_token: login.body.refresh_token });
    expect(res).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const bearer = await b.client.post('/api/v1/sessions', {}, { token: login.body.token });
    expect(bearer).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('after logout the refresh answers clear and the access token is refused', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('logout@example.com');
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);
    const out = await client.post('/api/v1/sessions/logout', { refresh_token: login.body.refresh_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({});
    expect(out.headers.get('content-type')).toMatch(/^application\/json/);

    const refresh = await client.post('/api/v1/sessions', { refresh_token: login.body.refresh_token });
    expect(refresh.status).toBe(200);
    expect(refresh.body).toMatchObject({
      session_update_action: 'clear',
      user: null,
      token: null,
      refresh_token: null,
    });
    const me = await client.request('/api/v1/users/me', { token: login.body.token });
    expect(me).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const bearerRefresh = await client.post('/api/v1/sessions', {}, { token: login.body.token });
    expect(bearerRefresh).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('logout ends only its own session', async () => {
    const { client } = await t.createApp();
    const first = await client.loginWithEmail('two-sessions@example.com');
    const second = await client.loginWithEmail('two-sessions@example.com');
    await client.post('/api/v1/sessions/logout', { refresh_token: first.body.refresh_token });
    expect((await client.request('/api/v1/users/me', { token: first.body.token })).status).toBe(401);
    expect((await client.request('/api/v1/users/me', { token: second.body.token })).status).toBe(200);
    const refresh = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: second.body.refresh_token,
    });
    expect(refresh.body.session_update_action).toBe('set');
  });

  it('logout is idempotent and answers {} even without or with garbage tokens', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('idem@example.com');
    const bodies: [unknown, { token?: string }][] = [
      [{ refresh_token: login.body.refresh_token }, {}],
      [{ refresh_token: login.body.refresh_token }, {}],
      [{}, {}],
      [{ refresh_token: 'garbage' }, {}],
      [{ refresh_token: null }, {}],
      [{}, { token: 'garbage' }],
      [{ refresh_token: 'deprecated' }, { token: 'a.b.c' }],
    ];
    for (const [body, options] of bodies) {
      const res = await client.post('/api/v1/sessions/logout', body, options);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual({});
    }
    const noBody = await client.request('/api/v1/sessions/logout', { method: 'POST' });
    expect(noBody).toMatchObject({ status: 200, body: {} });
  });

  it('logout by Bearer alone ends the session', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('bearer-logout@example.com');
    const out = await client.post('/api/v1/sessions/logout', {}, { token: login.body.token });
    expect(out).toMatchObject({ status: 200, body: {} });
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(401);
    const refresh = await client.post('/api/v1/sessions', { refresh_token: login.body.refresh_token });
    expect(refresh.body).toMatchObject({ session_update_action: 'clear', user: null });
  });
});

describe.each(dialects)('sessions: a short access-token lifetime (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { settings: { accessTokenTtlSeconds: 5 } });
  });
  afterAll(() => t.close());

  it('an expired access token is refused; the refresh token still gets a new one', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('ttl@example.com');
    const claims = decodeJwt(login.body.token);
    expect(claims.exp! - claims.iat!).toBe(5);
    expect((await client.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);
    t.advance(6);
    const me = await client.request('/api/v1/users/me', { token: login.body.token });
    expect(me).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    const refresh = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: login.body.refresh_token,
    });
    expect(refresh.status).toBe(200);
    expect(refresh.body.session_update_action).toBe('set');
    expect(refresh.body.user.id).toBe(login.body.user.id);
    expect((await client.request('/api/v1/users/me', { token: refresh.body.token })).status).toBe(200);
  });
});
