/**
 * Token verification against a real Latchkey server: the tokens a login hands out, the key set the
 * server publishes (fetched over HTTP by the SDK), a key rotation through the admin API, and every
 * way a token can be wrong.
 */
import { createServer } from 'node:net';
import {
  type AccessTokenClaims,
  ConnectionError,
  InvalidTokenError,
  TokenExpiredError,
  verifyAccessToken,
  verifyIdentityToken,
} from '@latchkey/node';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Resolves to the error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<InvalidTokenError> {
  try {
    await promise;
  } catch (error) {
    return error as InvalidTokenError;
  }
  throw new Error('expected a rejection');
}

async function rotate(t: TestServer, appId: string): Promise<string> {
  const response = await fetch(`${t.url}/admin/v1/apps/${appId}/signing_keys/rotate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testAdminKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { kid: string }).kid;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(dialects)('@latchkey/node token verification (%s)', (dialect) => {
  let t: TestServer;
  let a: TestClient;
  let b: TestClient;
  let login: AuthBody;
  let pem: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    a = (await t.createApp()).client;
    b = (await t.createApp()).client;
    login = (await a.loginWithEmail('ada@example.com')).body;
    pem = (await a.request<{ verification_key: string }>(`/api/v1/apps/${a.appId}`)).body.verification_key;
  });
  afterAll(() => t.close());

  it('verifies an access token with the key set it fetches from the server', async () => {
    const claims = await verifyAccessToken(login.token, { appId: a.appId, apiUrl: t.url });
    const sid = decodeJwt(login.token).sid;
    expect(claims).toEqual<AccessTokenClaims>({
      userId: login.user.id,
      appId: a.appId,
      sessionId: sid as string,
      issuer: 'privy.io',
      issuedAt: expect.any(Number),
      expiration: expect.any(Number),
      authTime: expect.any(Number),
    });
    expect(claims.userId).toMatch(/^did:privy:/);
    expect(claims.expiration).toBeGreaterThan(claims.issuedAt);
    // As sent in a header, and with the server URL written with a trailing slash.
    await expect(
      verifyAccessToken(`Bearer ${login.token}`, { appId: a.appId, apiUrl: `${t.url}/` }),
    ).resolves.toEqual(claims);
  });

  it('verifies with the verification key passed in (no key-set fetch)', async () => {
    const claims = await verifyAccessToken(login.token, { appId: a.appId, verificationKey: pem });
    expect(claims.userId).toBe(login.user.id);
  });

  it('reads the user from an identity token', async () => {
    const { user, appId, expiration, issuedAt } = await verifyIdentityToken(login.identity_token, {
      appId: a.appId,
      apiUrl: t.url,
    });
    expect(appId).toBe(a.appId);
    expect(expiration).toBeGreaterThan(issuedAt);
    expect(user).toEqual({
      id: login.user.id,
      created_at: expect.any(Number),
      is_guest: false,
      linked_accounts: [
        {
          type: 'email',
          address: 'ada@example.com',
          verified_at: expect.any(Number),
          first_verified_at: null,
          latest_verified_at: expect.any(Number),
        },
      ],
    });
    expect(user.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
  });

  it('refuses each kind of token for the other', async () => {
    const options = { appId: a.appId, apiUrl: t.url };
    // An identity token has no session (`sid`); an access token no profile (`cr`, `linked_accounts`).
    expect((await rejection(verifyAccessToken(login.identity_token, options))).reason).toBe('claims');
    expect((await rejection(verifyIdentityToken(login.token, options))).reason).toBe('claims');
  });

  it('refuses an expired token (issued two hours ago by the server clock)', async () => {
    t.advance(-7200);
    const old = (await a.loginWithEmail('old@example.com')).body;
    t.advance(7200);
    const error = await rejection(verifyAccessToken(old.token, { appId: a.appId, apiUrl: t.url }));
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error.reason).toBe('expired');
    expect(error.message).not.toContain(old.token);
    await expect(verifyIdentityToken(old.identity_token, { appId: a.appId, apiUrl: t.url })).rejects.toThrow(
      TokenExpiredError,
    );
  });

  it('allows a small clock skew and no more', async () => {
    const { exp } = decodeJwt(login.token);
    const at = (seconds: number) => ({
      appId: a.appId,
      verificationKey: pem,
      currentDate: new Date(seconds * 1000),
    });
    await expect(verifyAccessToken(login.token, at(exp! + 3))).resolves.toBeTruthy();
    await expect(verifyAccessToken(login.token, at(exp! + 10))).rejects.toThrow(TokenExpiredError);
    await expect(
      verifyAccessToken(login.token, { ...at(exp! + 10), clockToleranceSeconds: 30 }),
    ).resolves.toBeTruthy();
  });

  it("refuses another app's token", async () => {
    // B's key set does not hold A's key.
    const viaJwks = await rejection(verifyAccessToken(login.token, { appId: b.appId, apiUrl: t.url }));
    expect(viaJwks).toBeInstanceOf(InvalidTokenError);
    expect(viaJwks.reason).toBe('unknown_key');
    // With A's own key, the audience is still not B.
    const viaKey = await rejection(verifyAccessToken(login.token, { appId: b.appId, verificationKey: pem }));
    expect(viaKey.reason).toBe('claims');
    expect(viaKey.message).toMatch(/aud/);
  });

  it('refuses another issuer than the one configured', async () => {
    const error = await rejection(
      verifyAccessToken(login.token, { appId: a.appId, apiUrl: t.url, issuer: 'https://auth.example.com' }),
    );
    expect(error.reason).toBe('claims');
    expect(error.message).toMatch(/iss/);
  });

  it('refuses a token signed with another key, under the real kid or an unknown one', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = decodeProtectedHeader(login.token);
    const forge = (headerKid: string) =>
      new SignJWT(decodeJwt(login.token))
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: headerKid })
        .sign(privateKey);
    const options = { appId: a.appId, apiUrl: t.url };
    expect((await rejection(verifyAccessToken(await forge(kid!), options))).reason).toBe('signature');
    expect((await rejection(verifyAccessToken(await forge('made-up-kid'), options))).reason).toBe(
      'unknown_key',
    );
    expect(
      (await rejection(verifyAccessToken(await forge(kid!), { appId: a.appId, verificationKey: pem })))
        .reason,
    ).toBe('signature');
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = login.token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
    const other = (await a.loginWithEmail('mallory@example.com')).body.user.id;
    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claims, sub: other }))}.${signature}`;
    const error = await rejection(verifyAccessToken(tampered, { appId: a.appId, apiUrl: t.url }));
    expect(error.reason).toBe('signature');
    // A flipped signature byte, too.
    const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await rejection(verifyAccessToken(flipped, { appId: a.appId, apiUrl: t.url }))).reason).toBe(
      'signature',
    );
  });

  it('refuses alg: none', async () => {
    const [, payload] = login.token.split('.') as [string, string];
    const { kid } = decodeProtectedHeader(login.token);
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid }));
    for (const options of [
      { appId: a.appId, apiUrl: t.url },
      { appId: a.appId, verificationKey: pem },
    ]) {
      const error = await rejection(verifyAccessToken(`${header}.${payload}.`, options));
      expect(error).toBeInstanceOf(InvalidTokenError);
      expect(error.reason).toBe('algorithm');
    }
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const { kid } = decodeProtectedHeader(login.token);
    for (const secret of [pem, pem.trim()]) {
      const forged = await new SignJWT(decodeJwt(login.token))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: kid! })
        .sign(new TextEncoder().encode(secret));
      for (const options of [
        { appId: a.appId, apiUrl: t.url },
        { appId: a.appId, verificationKey: pem },
      ]) {
        expect((await rejection(verifyAccessToken(forged, options))).reason).toBe('algorithm');
      }
    }
  });

  it('refuses what is not a token', async () => {
    const options = { appId: a.appId, apiUrl: t.url };
    for (const junk of ['', 'Bearer ', 'abc', 'a.b.c', `${login.token}x.y`]) {
      const error = await rejection(verifyAccessToken(junk, options));
      expect(error, junk).toBeInstanceOf(InvalidTokenError);
      expect(error.reason, junk).toBe('malformed');
    }
  });

  it('says the server is unreachable, not that the token is bad, when the key set cannot be fetched', async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}`;
    const error = await rejection(verifyAccessToken(login.token, { appId: a.appId, apiUrl }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(InvalidTokenError);
  });

  it('follows a key rotation: old tokens still verify, new ones verify from the refetched set', async () => {
    // A key set cached before the rotation (no cooldown, so the new kid refetches at once).
    const options = { appId: a.appId, apiUrl: t.url, jwksCooldownMs: 0 };
    await verifyAccessToken(login.token, options);
    const before = decodeProtectedHeader(login.token).kid;
    const kid = await rotate(t, a.appId);
    expect(kid).not.toBe(before);

    const fresh = (await a.loginWithEmail('after-rotation@example.com')).body;
    expect(decodeProtectedHeader(fresh.token).kid).toBe(kid);
    await expect(verifyAccessToken(fresh.token, options)).resolves.toMatchObject({ userId: fresh.user.id });
    await expect(verifyIdentityToken(fresh.identity_token, options)).resolves.toBeTruthy();
    await expect(verifyAccessToken(login.token, options)).resolves.toMatchObject({ userId: login.user.id });
    // The old PEM, passed in, does not follow the rotation.
    expect(
      (await rejection(verifyAccessToken(fresh.token, { appId: a.appId, verificationKey: pem }))).reason,
    ).toBe('signature');
  });
});
