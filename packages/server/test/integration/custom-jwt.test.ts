import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { decodeJwt, exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

const issuer = 'https://auth.app.test';
const audience = 'my-app';

interface Signer {
  alg: string;
  kid: string;
  pair: KeyPair;
}

let rsa: Signer;
let ec: Signer;
/** Not in the JWKS. */
let stranger: Signer;
let jwksServer: Server;
let jwksUrl: string;
/** How far the test server's clock was moved; tokens are stamped by that clock. */
let clockOffset = 0;
const serverNow = () => Math.floor(Date.now() / 1000) + clockOffset;

beforeAll(async () => {
  rsa = { alg: 'RS256', kid: 'rsa-1', pair: await generateKeyPair('RS256') };
  ec = { alg: 'ES256', kid: 'ec-1', pair: await generateKeyPair('ES256') };
  stranger = { alg: 'RS256', kid: 'stranger', pair: await generateKeyPair('RS256') };
  const keys = await Promise.all(
    [rsa, ec].map(async (s) => ({
      ...(await exportJWK(s.pair.publicKey)),
      kid: s.kid,
      alg: s.alg,
      use: 'sig',
    })),
  );
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(async () => {
  jwksServer.closeAllConnections();
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
});

/** A token as the app's own auth system would issue it; `overrides` replace any claim. */
async function sign(signer: Signer, claims: JWTPayload = {}, nowSeconds = serverNow()) {
  return new SignJWT({ iss: issuer, aud: audience, iat: nowSeconds, exp: nowSeconds + 300, ...claims })
    .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
    .sign(signer.pair.privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(dialects)('custom JWT login (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    clockOffset = 0;
  });
  afterAll(() => t.close());

  const jwksApp = (extra: Record<string, unknown> = {}) =>
    t.createApp({
      custom_jwt_auth: true,
      custom_jwt_jwks_url: jwksUrl,
      custom_jwt_issuer: issuer,
      custom_jwt_audience: audience,
      ...extra,
    });

  it('a valid token logs in a user with a custom_auth account; the same sub is the same user', async () => {
    const { client } = await jwksApp();
    const res = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'user-1' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ session_update_action: 'set', is_new_user: true });
    expect(res.body.user.is_guest).toBe(false);
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'custom_auth',
        custom_user_id: 'user-1',
        verified_at: expect.any(Number),
      }),
    ]);
    expect(JSON.parse(decodeJwt(res.body.identity_token).linked_accounts as string)).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'user-1' }),
    ]);
    // The same sub, signed by the other key of the set, is the same user.
    const again = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(ec, { sub: 'user-1' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.is_new_user).toBe(false);
    expect(again.body.user.id).toBe(res.body.user.id);
    const other = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'user-2' }),
    });
    expect(other.body.is_new_user).toBe(true);
    expect(other.body.user.id).not.toBe(res.body.user.id);
  });

  it('refuses a wrong issuer, a wrong audience, an expired token, an unknown key, alg none and HS256', async () => {
    const { client } = await jwksApp();
    const now = serverNow();
    const forged = { ...stranger, kid: rsa.kid };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: issuer, aud: audience, sub: 'u', exp: now + 300 })}.`;
    const hs256 = await new SignJWT({ iss: issuer, aud: audience, sub: 'u', exp: now + 300 })
      .setProtectedHeader({ alg: 'HS256', kid: rsa.kid })
      .sign(new TextEncoder().encode('a shared secret of at least 32 bytes!!'));
    const cases: [string, string][] = [
      ['wrong issuer', await sign(rsa, { sub: 'u', iss: 'https://evil.test' })],
      ['no issuer', await sign(rsa, { sub: 'u', iss: undefined })],
      ['wrong audience', await sign(rsa, { sub: 'u', aud: 'other-app' })],
      ['expired', await sign(rsa, { sub: 'u', exp: now - 60 })],
      ['unknown key', await sign(stranger, { sub: 'u' })],
      ['known kid, wrong key', await sign(forged, { sub: 'u' })],
      ['alg none', unsigned],
      ['HS256', hs256],
      ['not a JWT', 'not-a-jwt'],
      ['no sub', await sign(rsa, {})],
    ];
    for (const [name, token] of cases) {
      const res = await client.post('/api/v1/custom_jwt_account/authenticate', { token });
      expect(res, name).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    }
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('app_id', '=', client.appId)
      .execute();
    expect(users).toEqual([]);
  });

  it('an unreachable key set is invalid_credentials for the caller and logged for the operator; junk tokens are not', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/jwks.json`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = await jwksApp({ custom_jwt_jwks_url: deadUrl });
    const res = await client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'u' }),
    });
    expect(res).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    expect(t.logs.some((l) => l.includes('custom JWT key set unavailable') && l.includes(client.appId))).toBe(
      true,
    );

    const { client: healthy } = await jwksApp();
    const junk = await healthy.post('/api/v1/custom_jwt_account/authenticate', { token: 'not-a-jwt' });
    expect(junk.body).toMatchObject({ code: 'invalid_credentials' });
    expect(
      t.logs.some((l) => l.includes('custom JWT key set unavailable') && l.includes(healthy.appId)),
    ).toBe(false);
  });

  it('a token expires by the server clock', async () => {
    const { client } = await jwksApp();
    const token = await sign(rsa, { sub: 'clock' });
    t.advance(301);
    clockOffset += 301;
    const res = await client.post('/api/v1/custom_jwt_account/authenticate', { token });
    expect(res).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('missing token: invalid_data; login method off: disallowed_login_method; no keys: not_supported', async () => {
    const { client } = await jwksApp();
    const missing = await client.post('/api/v1/custom_jwt_account/authenticate', {});
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const wrongType = await client.post('/api/v1/custom_jwt_account/authenticate', { token: 42 });
    expect(wrongType).toMatchObject({ status: 400, body: { code: 'invalid_data' } });

    const off = await t.createApp({ custom_jwt_jwks_url: jwksUrl, custom_jwt_issuer: issuer });
    const offRes = await off.client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'u' }),
    });
    expect(offRes).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });

    const unconfigured = await t.createApp({ custom_jwt_auth: true });
    const res = await unconfigured.client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'u' }),
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'not_supported' } });
  });

  it('custom_jwt_user_id_claim picks the user id from that claim', async () => {
    const { client } = await jwksApp({ custom_jwt_user_id_claim: 'uid' });
    const res = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'ignored-sub', uid: 'uid-42' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'uid-42' }),
    ]);
    const withoutClaim = await client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'only-sub' }),
    });
    expect(withoutClaim).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it('verifies against a configured public key (PEM) instead of a JWKS', async () => {
    const { client } = await t.createApp({
      custom_jwt_auth: true,
      custom_jwt_verification_key: await exportSPKI(ec.pair.publicKey),
      custom_jwt_issuer: issuer,
      custom_jwt_audience: audience,
    });
    const ok = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(ec, { sub: 'pem-user' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'pem-user' }),
    ]);
    const now = serverNow();
    const refused: [string, string][] = [
      ['another key', await sign(rsa, { sub: 'pem-user' })],
      ['another EC key', await sign({ ...ec, pair: await generateKeyPair('ES256') }, { sub: 'pem-user' })],
      ['wrong audience', await sign(ec, { sub: 'pem-user', aud: 'x' })],
      [
        'alg none',
        `${b64({ alg: 'none' })}.${b64({ iss: issuer, aud: audience, sub: 'pem-user', exp: now + 60 })}.`,
      ],
    ];
    for (const [name, token] of refused) {
      const res = await client.post('/api/v1/custom_jwt_account/authenticate', { token });
      expect(res, name).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    }
  });

  it('links a custom id to an email user; an id owned by another user is linked_to_another_user', async () => {
    const { client } = await jwksApp();
    const owner = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'taken' }),
    });
    expect(owner.status).toBe(200);
    const emailUser = await client.loginWithEmail('jwt-link@example.com');

    const anonymous = await client.post('/api/v1/custom_jwt_account/link', {
      token: await sign(rsa, { sub: 'fresh' }),
    });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });

    const linked = await client.post<AuthBody['user']>(
      '/api/v1/custom_jwt_account/link',
      { token: await sign(rsa, { sub: 'fresh' }) },
      { token: emailUser.body.token },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(emailUser.body.user.id);
    expect(linked.body.linked_accounts.map((a) => a.type).sort()).toEqual(['custom_auth', 'email']);
    expect(linked.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'fresh' }),
    );
    // The custom token now logs in the email user.
    const login = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(ec, { sub: 'fresh' }),
    });
    expect(login.body.user.id).toBe(emailUser.body.user.id);

    const other = await client.loginWithEmail('jwt-link-2@example.com');
    const taken = await client.post(
      '/api/v1/custom_jwt_account/link',
      { token: await sign(rsa, { sub: 'taken' }) },
      { token: other.body.token },
    );
    expect(taken).toMatchObject({ status: 400, body: { code: 'linked_to_another_user' } });
    const badToken = await client.post(
      '/api/v1/custom_jwt_account/link',
      { token: await sign(stranger, { sub: 'x' }) },
      { token: other.body.token },
    );
    expect(badToken).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  });

  it("mode 'no-signup' refuses an unknown id with user_does_not_exist and logs a known one in", async () => {
    const { client } = await jwksApp();
    const unknown = await client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'nobody' }),
      mode: 'no-signup',
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
    await client.post('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'somebody' }),
    });
    const known = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: await sign(rsa, { sub: 'somebody' }),
      mode: 'no-signup',
    });
    expect(known).toMatchObject({ status: 200, body: { is_new_user: false } });
  });
});
