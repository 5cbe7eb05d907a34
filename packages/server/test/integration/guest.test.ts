import { randomBytes } from 'node:crypto';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What the clients store: base64url of 32 random bytes (WIRE.md §1.4). */
const newCredential = () => randomBytes(32).toString('base64url');

describe.each(dialects)('guest login (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('disallowed_login_method when guest login is off', async () => {
    const { client } = await t.createApp();
    const res = await client.post('/api/v1/guest/authenticate', { guest_credential: newCredential() });
    expect(res).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
  });

  it('the credential must be exactly 43 base64url characters', async () => {
    const { client } = await t.createApp({ guest_auth: true });
    const good = newCredential();
    expect(good).toHaveLength(43);
    const bad = [
      good.slice(0, 42),
      `${good}A`,
      `${good.slice(0, 42)}+`,
      `${good.slice(0, 42)}/`,
      `${good.slice(0, 42)}=`,
      '',
      42,
      null,
    ];
    for (const guest_credential of bad) {
      const res = await client.post('/api/v1/guest/authenticate', { guest_credential });
      expect(res, JSON.stringify(guest_credential)).toMatchObject({
        status: 400,
        body: { code: 'invalid_data' },
      });
      expect((res.body as { error: string }).error).toMatch(/guest_credential/);
    }
    const missing = await client.post('/api/v1/guest/authenticate', {});
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
  });

  it('first use makes a new guest; the same credential returns that guest; another makes another', async () => {
    const { client } = await t.createApp({ guest_auth: true });
    const credential = newCredential();
    const first = await client.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ session_update_action: 'set', is_new_user: true });
    expect(first.body.user).toMatchObject({ is_guest: true, linked_accounts: [] });
    expect(first.body.user.id).toMatch(/^did:privy:[a-z0-9]{25}$/);
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(first.body.identity_token)).toMatchObject({
      sub: first.body.user.id,
      guest: 't',
      linked_accounts: '[]',
    });

    const again = await client.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    expect(again.body.is_new_user).toBe(false);
    expect(again.body.user.id).toBe(first.body.user.id);

    const other = await client.post<AuthBody>('/api/v1/guest/authenticate', {
      guest_credential: newCredential(),
    });
    expect(other.body.is_new_user).toBe(true);
    expect(other.body.user.id).not.toBe(first.body.user.id);

    const me = await client.request<{ user: AuthBody['user'] }>('/api/v1/users/me', {
      token: first.body.token,
    });
    expect(me.body.user).toMatchObject({ is_guest: true, linked_accounts: [] });
  });

  it('the same credential in another app is a different guest', async () => {
    const a = await t.createApp({ guest_auth: true });
    const b = await t.createApp({ guest_auth: true });
    const credential = newCredential();
    const inA = await a.client.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    const inB = await b.client.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    expect(inB.body.is_new_user).toBe(true);
    expect(inB.body.user.id).not.toBe(inA.body.user.id);
  });

  it('a guest who links an email is no longer a guest', async () => {
    const { client } = await t.createApp({ guest_auth: true });
    const guest = await client.post<AuthBody>('/api/v1/guest/authenticate', {
      guest_credential: newCredential(),
    });
    const email = 'guest-upgrade@example.com';
    expect(
      (await client.post('/api/v1/passwordless/init', { email }, { token: guest.body.token })).status,
    ).toBe(200);
    const linked = await client.post<AuthBody['user']>(
      '/api/v1/passwordless/link',
      { email, code: client.lastCode(email) },
      { token: guest.body.token },
    );
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      id: guest.body.user.id,
      is_guest: false,
      linked_accounts: [expect.objectContaining({ type: 'email', address: email })],
    });
    const refresh = await client.post<AuthBody>('/api/v1/sessions', {
      refresh_token: guest.body.refresh_token,
    });
    expect(refresh.body.user.is_guest).toBe(false);
    expect(decodeJwt(refresh.body.identity_token).guest).toBe('f');
    // The email now logs in as the former guest.
    const byEmail = await client.loginWithEmail(email);
    expect(byEmail.body.user.id).toBe(guest.body.user.id);
  });

  it('the credential is not stored in plaintext', async () => {
    const { app, client } = await t.createApp({ guest_auth: true });
    const credential = newCredential();
    const res = await client.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    expect(res.status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('linked_accounts')
      .selectAll()
      .where('app_id', '=', app.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.type).toBe('guest');
    expect(JSON.stringify(rows)).not.toContain(credential);
    expect(t.logs.join('\n')).not.toContain(credential);
  });
});
