import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import {
  base64url,
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importSPKI,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Access tokens (WIRE.md §5.1) are refused unless they are exactly what this server issued for
 * this app and its live session. Forged tokens are signed with the app's real key where the test
 * is about a claim, so the claim check — not the signature — is what refuses them.
 */
describe.each(dialects)('access and identity tokens (%s)', (dialect) => {
  let t: TestServer;
  let a: TestClient;
  let b: TestClient;
  let login: AuthBody;

  const me = (client: TestClient, token: string) => client.request('/api/v1/users/me', { token });
  const expectRefused = async (client: TestClient, token: string, label: string) => {
    const res = await me(client, token);
    expect({ status: res.status, code: res.body.code }, label).toEqual({
      status: 401,
      code: 'missing_or_invalid_token',
    });
  };

  /** Signs `claims` with app A's real active signing key and kid. */
  const signWithAppKey = async (
    claims: JWTPayload,
    header: { alg?: string; typ?: string; kid?: string } = {},
  ) => {
    const key = await t.ctx.signingKeys.active(a.appId);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid, ...header })
      .sign(key.privateKey);
  };

  /** The claims of the real login's token, as a base to alter one at a time. */
  const realClaims = () => decodeJwt(login.token);

  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = (await t.createApp({ guest_auth: true, sms_auth: true })).client;
    b = (await t.createApp()).client;
    const res = await a.loginWithEmail('holder@example.com');
    expect(res.status).toBe(200);
    login = res.body;
  });
  afterAll(() => t.close());

  it('a genuine token is accepted, and one re-signed with the app key and the same claims too', async () => {
    expect((await me(a, login.token)).status).toBe(200);
    // Proves the forging helper is sound: the refusals below are about the altered claim only.
    expect((await me(a, await signWithAppKey(realClaims()))).status).toBe(200);
  });

  it('refuses alg none (an unsigned token)', async () => {
    const { kid } = decodeProtectedHeader(login.token);
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid }));
    const payload = base64url.encode(JSON.stringify(realClaims()));
    await expectRefused(a, `${header}.${payload}.`, 'alg none, empty signature');
    const signature = login.token.split('.')[2]!;
    await expectRefused(a, `${header}.${payload}.${signature}`, 'alg none, stolen signature');
    const bare = base64url.encode(JSON.stringify({ alg: 'none' }));
    await expectRefused(a, `${bare}.${payload}.`, 'alg none without typ or kid');
  });

  it('refuses a token signed by another ES256 key under the same kid', async () => {
    const { kid } = decodeProtectedHeader(login.token);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(realClaims())
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: kid! })
      .sign(privateKey);
    await expectRefused(a, forged, 'foreign key, same kid');
    const noKid = await new SignJWT(realClaims())
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(privateKey);
    await expectRefused(a, noKid, 'foreign key, no kid');
  });

  it('refuses HS256 signed with the public key PEM as the secret (algorithm confusion)', async () => {
    const app = await a.request<{ verification_key: string }>(`/api/v1/apps/${a.appId}`);
    const pem = app.body.verification_key;
    const { kid } = decodeProtectedHeader(login.token);
    for (const secret of [pem, pem.trim(), `${pem.trim()}\n`]) {
      const forged = await new SignJWT(realClaims())
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: kid! })
        .sign(new TextEncoder().encode(secret));
      await expectRefused(a, forged, 'HS256 with the PEM');
    }
  });

  it('refuses a wrong aud: another app’s token, and app A’s key claiming app B', async () => {
    const other = await b.loginWithEmail('holder@example.com');
    expect(other.status).toBe(200);
    // B's genuine token presented to A, and A's genuine token presented to B.
    await expectRefused(a, other.body.token, "app B's token on app A");
    await expectRefused(b, login.token, "app A's token on app B");
    await expectRefused(a, await signWithAppKey({ ...realClaims(), aud: b.appId }), 'aud = app B');
    await expectRefused(a, await signWithAppKey({ ...realClaims(), aud: [b.appId] }), 'aud = [app B]');
    const { aud: _aud, ...withoutAud } = realClaims();
    await expectRefused(a, await signWithAppKey(withoutAud), 'no aud');
  });

  it('refuses a wrong or missing iss', async () => {
    await expectRefused(a, await signWithAppKey({ ...realClaims(), iss: 'evil.io' }), 'iss evil.io');
    await expectRefused(a, await signWithAppKey({ ...realClaims(), iss: 'Privy.io' }), 'iss Privy.io');
    const { iss: _iss, ...withoutIss } = realClaims();
    await expectRefused(a, await signWithAppKey(withoutIss), 'no iss');
  });

  it('refuses an expired token, a missing exp, and a wrong typ', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(
      a,
      await signWithAppKey({ ...realClaims(), iat: now - 7200, exp: now - 3600 }),
      'exp in the past',
    );
    const { exp: _exp, ...withoutExp } = realClaims();
    await expectRefused(a, await signWithAppKey(withoutExp), 'no exp');
    await expectRefused(a, await signWithAppKey(realClaims(), { typ: 'at+jwt' }), 'typ at+jwt');
  });

  it('refuses a missing sid or sub, and a sub without the did:privy: prefix', async () => {
    const { sid: _sid, ...withoutSid } = realClaims();
    await expectRefused(a, await signWithAppKey(withoutSid), 'no sid');
    const { sub, ...withoutSub } = realClaims();
    await expectRefused(a, await signWithAppKey(withoutSub), 'no sub');
    const bareId = sub!.replace(/^did:privy:/, '');
    await expectRefused(a, await signWithAppKey({ ...realClaims(), sub: bareId }), 'sub without prefix');
    await expectRefused(a, await signWithAppKey({ ...realClaims(), sid: 12345 }), 'numeric sid');
    // A valid-looking sid of no session, and a real sid under another user.
    await expectRefused(a, await signWithAppKey({ ...realClaims(), sid: 'x'.repeat(25) }), 'unknown sid');
    const second = await a.loginWithEmail('second@example.com');
    await expectRefused(
      a,
      await signWithAppKey({ ...realClaims(), sub: second.body.user.id }),
      'session of another user',
    );
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [header, , signature] = login.token.split('.');
    const other = await a.loginWithEmail('tamper-target@example.com');
    const payload = base64url.encode(JSON.stringify({ ...realClaims(), sub: other.body.user.id }));
    await expectRefused(a, `${header}.${payload}.${signature}`, 'sub swapped');
    const later = base64url.encode(JSON.stringify({ ...realClaims(), exp: realClaims().exp! + 86_400 }));
    await expectRefused(a, `${header}.${later}.${signature}`, 'exp extended');
    // One flipped character of the signature.
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    await expectRefused(a, `${header}.${login.token.split('.')[1]}.${flipped}`, 'signature flipped');
  });

  it('refuses a token after its session logged out', async () => {
    const session = await a.loginWithEmail('leaver@example.com');
    expect((await me(a, session.body.token)).status).toBe(200);
    const out = await a.post('/api/v1/sessions/logout', { refresh_token: session.body.refresh_token });
    expect(out).toMatchObject({ status: 200, body: {} });
    await expectRefused(a, session.body.token, 'after logout');
    // The same token re-signed by the real key is still refused: the session, not the JWT, ended.
    await expectRefused(a, await signWithAppKey(decodeJwt(session.body.token)), 're-signed after logout');
  });

  it('a token verifies with jose against the JWKS and against verification_key', async () => {
    const jwks = await a.request<{ keys: Record<string, unknown>[] }>(`/api/v1/apps/${a.appId}/jwks.json`);
    expect(jwks.status).toBe(200);
    const keySet = createLocalJWKSet(jwks.body as JSONWebKeySet);
    const options = { issuer: 'privy.io', audience: a.appId, typ: 'JWT', algorithms: ['ES256'] };
    const viaJwks = await jwtVerify(login.token, keySet, options);
    expect(viaJwks.protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(jwks.body.keys.map((k) => k.kid)).toContain(viaJwks.protectedHeader.kid);
    for (const key of jwks.body.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }

    const app = await a.request<{ verification_key: string }>(`/api/v1/apps/${a.appId}`);
    expect(app.body.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const spki = await importSPKI(app.body.verification_key, 'ES256');
    const { payload } = await jwtVerify(login.token, spki, options);
    expect(payload).toMatchObject({ iss: 'privy.io', aud: a.appId, sub: login.user.id });
    expect(payload.sid).toMatch(/^[a-z0-9]{25}$/);
    expect(payload.exp! - payload.iat!).toBe(3600);

    // The same check fails for app B's key: verification is bound to the app.
    const bApp = await b.request<{ verification_key: string }>(`/api/v1/apps/${b.appId}`);
    await expect(
      jwtVerify(login.token, await importSPKI(bApp.body.verification_key, 'ES256'), options),
    ).rejects.toThrow();
  });

  it('identity token claims follow WIRE.md §5.2, for a user and a guest', async () => {
    const jwks = await a.request<JSONWebKeySet>(`/api/v1/apps/${a.appId}/jwks.json`);
    const keySet = createLocalJWKSet(jwks.body as JSONWebKeySet);
    const verify = (token: string) => jwtVerify(token, keySet, { issuer: 'privy.io', audience: a.appId });

    const { payload, protectedHeader } = await verify(login.identity_token);
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(login.user.id);
    expect(typeof payload.cr).toBe('string');
    expect(payload.cr).toMatch(/^\d+$/);
    const user = login.user as AuthBody['user'] & { created_at: number };
    expect(Number(payload.cr)).toBe(user.created_at);
    expect(payload.guest).toBe('f');
    expect(typeof payload.linked_accounts).toBe('string');
    const accounts = JSON.parse(payload.linked_accounts as string) as Record<string, unknown>[];
    expect(accounts).toEqual([{ type: 'email', address: 'holder@example.com', lv: expect.any(Number) }]);
    expect(payload.exp! > payload.iat!).toBe(true);

    const credential = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
    const guest = await a.post<AuthBody>('/api/v1/guest/authenticate', { guest_credential: credential });
    expect(guest.status).toBe(200);
    const guestClaims = (await verify(guest.body.identity_token)).payload;
    expect(guestClaims.guest).toBe('t');
    // The guest credential is an internal account: never in the token.
    expect(JSON.parse(guestClaims.linked_accounts as string)).toEqual([]);
    expect(guest.body.identity_token).not.toContain(credential);

    // /users/me hands out a fresh identity token with the same claims.
    const fresh = await a.request<{ identity_token: string }>('/api/v1/users/me', { token: login.token });
    const freshClaims = (await verify(fresh.body.identity_token)).payload;
    expect(freshClaims).toMatchObject({ sub: login.user.id, cr: payload.cr, guest: 'f' });
  });

  it('key rotation: old tokens still verify, new tokens carry the new kid, the JWKS lists both', async () => {
    const before = decodeProtectedHeader(login.token).kid;
    const unauthorised = await t.fetch(`/admin/v1/apps/${a.appId}/signing_keys/rotate`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong-key' },
    });
    expect(unauthorised.status).toBe(401);

    const rotated = await t.fetch(`/admin/v1/apps/${a.appId}/signing_keys/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(rotated.status).toBe(200);
    const { kid } = (await rotated.json()) as { kid: string };
    expect(kid).toBeTypeOf('string');
    expect(kid).not.toBe(before);

    // The old token still works on the server and verifies against the published JWKS.
    expect((await me(a, login.token)).status).toBe(200);
    const jwks = await a.request<{ keys: { kid: string }[] }>(`/api/v1/apps/${a.appId}/jwks.json`);
    expect(jwks.body.keys.map((k) => k.kid).sort()).toEqual([before, kid].sort());
    const keySet = createLocalJWKSet(jwks.body as JSONWebKeySet);
    const options = { issuer: 'privy.io', audience: a.appId };
    await expect(jwtVerify(login.token, keySet, options)).resolves.toBeTruthy();

    // New tokens are signed by the new key, which verification_key now names.
    const fresh = await a.loginWithEmail('after-rotation@example.com');
    expect(decodeProtectedHeader(fresh.body.token).kid).toBe(kid);
    expect(decodeProtectedHeader(fresh.body.identity_token).kid).toBe(kid);
    await expect(jwtVerify(fresh.body.token, keySet, options)).resolves.toBeTruthy();
    const app = await a.request<{ verification_key: string }>(`/api/v1/apps/${a.appId}`);
    const current = await importSPKI(app.body.verification_key, 'ES256');
    await expect(jwtVerify(fresh.body.token, current, options)).resolves.toBeTruthy();
    await expect(jwtVerify(login.token, current, options)).rejects.toThrow();
    expect((await me(a, fresh.body.token)).status).toBe(200);

    // A forged token using the old kid but a foreign key is still refused after rotation.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(decodeJwt(fresh.body.token))
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: before! })
      .sign(privateKey);
    await expectRefused(a, forged, 'foreign key under the retired kid');
  });

  it('a token already checked is refused at once when its signing key is removed', async () => {
    // Its own app: removing a key would break the other tests' tokens.
    const c = (await t.createApp()).client;
    const session = await c.loginWithEmail('removed-key@example.com');
    // Twice: the second check is answered by the verified-token cache.
    expect((await me(c, session.body.token)).status).toBe(200);
    expect((await me(c, session.body.token)).status).toBe(200);
    const { kid } = decodeProtectedHeader(session.body.token);
    await t.ctx.db.deleteFrom('signing_keys').where('kid', '=', kid!).execute();
    t.ctx.signingKeys.forget(c.appId);
    await expectRefused(c, session.body.token, 'key removed');
  });

  // Last: moves the server clock.
  it('refuses a genuine token once its hour is over', async () => {
    const fresh = await a.loginWithEmail('clock@example.com');
    expect((await me(a, fresh.body.token)).status).toBe(200);
    t.advance(3590);
    expect((await me(a, fresh.body.token)).status).toBe(200);
    t.advance(11);
    const expired = await me(a, fresh.body.token);
    expect(expired).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
  });
});
