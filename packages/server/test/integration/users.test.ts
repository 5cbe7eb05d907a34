import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface MeBody {
  user: Record<string, unknown> & { id: string; has_accepted_terms: boolean };
  identity_token: string;
}

describe.each(dialects)('users/me (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('returns the user in the wire shape and a verifiable identity token', async () => {
    const { app, client } = await t.createApp();
    const before = Math.floor(Date.now() / 1000);
    const login = await client.loginWithEmail('me@example.com');
    const res = await client.request<MeBody>('/api/v1/users/me', { token: login.body.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['identity_token', 'user']);
    const { user } = res.body;
    expect(user).toEqual({
      id: login.body.user.id,
      created_at: expect.any(Number),
      has_accepted_terms: false,
      is_guest: false,
      linked_accounts: [
        {
          type: 'email',
          address: 'me@example.com',
          verified_at: expect.any(Number),
          first_verified_at: expect.any(Number),
          latest_verified_at: expect.any(Number),
        },
      ],
      mfa_methods: [],
    });
    expect(user.id).toMatch(/^did:privy:[a-z0-9]{25}$/);
    // Unix seconds, not milliseconds.
    expect(user.created_at).toBeGreaterThanOrEqual(before - 1);
    expect(user.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

    const publicApp = await client.request<{ verification_key: string }>(`/api/v1/apps/${app.id}`);
    const key = await importSPKI(publicApp.body.verification_key, 'ES256');
    const { payload } = await jwtVerify(res.body.identity_token, key, {
      issuer: 'privy.io',
      audience: app.id,
    });
    expect(payload).toMatchObject({ sub: user.id, guest: 'f', cr: String(user.created_at) });
    expect(JSON.parse(payload.linked_accounts as string)).toEqual([
      expect.objectContaining({ type: 'email', address: 'me@example.com' }),
    ]);
  });

  it('answers one identity token for an unchanged profile within a minute; a changed profile or a later call gets a fresh one', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('recent@example.com');
    const me = async () =>
      (await client.request<MeBody>('/api/v1/users/me', { token: login.body.token })).body.identity_token;
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const first = await me();
    expect(await me()).toBe(first);

    // The backend sets custom metadata: the next token carries it at once.
    const basic = `Basic ${Buffer.from(`${client.appId}:${client.secret}`).toString('base64')}`;
    const set = await client.post(
      `/api/v1/users/${login.body.user.id}/custom_metadata`,
      { custom_metadata: { plan: 'pro' } },
      { headers: { authorization: basic }, noOrigin: true },
    );
    expect(set.status).toBe(200);
    const changed = await me();
    expect(changed).not.toBe(first);
    expect(claims(changed)).toMatchObject({ custom_metadata: JSON.stringify({ plan: 'pro' }) });
    expect(await me()).toBe(changed);

    // A minute on, the same profile is signed afresh, with the new issue time.
    t.advance(60);
    const later = await me();
    expect(later).not.toBe(changed);
    expect(claims(later).iat).toBeGreaterThanOrEqual(claims(changed).iat + 60);
  });

  it('refuses a missing, malformed or foreign token', async () => {
    const a = await t.createApp();
    const b = await t.createApp();
    const login = await a.client.loginWithEmail('foreign@example.com');
    for (const token of [undefined, 'garbage', `${login.body.token}x`]) {
      const res = await a.client.request('/api/v1/users/me', token ? { token } : {});
      expect(res, String(token)).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    }
    const foreign = await b.client.request('/api/v1/users/me', { token: login.body.token });
    expect(foreign).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });

  it('accept_terms returns the user with has_accepted_terms true, kept across refresh', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('terms@example.com');
    expect(login.body.user.has_accepted_terms).toBe(false);
    const res = await client.post<MeBody['user']>(
      '/api/v1/users/me/accept_terms',
      {},
      { token: login.body.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: login.body.user.id, has_accepted_terms: true, is_guest: false });
    expect(res.body).not.toHaveProperty('user');
    const me = await client.request<MeBody>('/api/v1/users/me', { token: login.body.token });
    expect(me.body.user.has_accepted_terms).toBe(true);
    const refresh = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: login.body.refresh_token,
    });
    expect(refresh.body.user.has_accepted_terms).toBe(true);
    // Another login of the same user sees it too; accepting again is harmless.
    const again = await client.loginWithEmail('terms@example.com');
    expect(again.body.user.has_accepted_terms).toBe(true);
    const twice = await client.post('/api/v1/users/me/accept_terms', {}, { token: again.body.token });
    expect(twice).toMatchObject({ status: 200, body: { has_accepted_terms: true } });
  });

  it('accept_terms needs a valid token and only touches the caller', async () => {
    const { client } = await t.createApp();
    const alice = await client.loginWithEmail('alice-terms@example.com');
    const bob = await client.loginWithEmail('bob-terms@example.com');
    const anonymous = await client.post('/api/v1/users/me/accept_terms', {});
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    await client.post('/api/v1/users/me/accept_terms', {}, { token: alice.body.token });
    const bobMe = await client.request<MeBody>('/api/v1/users/me', { token: bob.body.token });
    expect(bobMe.body.user.has_accepted_terms).toBe(false);
  });
});
