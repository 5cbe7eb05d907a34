import { randomBytes } from 'node:crypto';
import { buildSiweMessage, buildSiwsMessage, frameApi, siweStatement } from '@latchkey/protocol';
import {
  CookieJar,
  dialects,
  setCookies,
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import { newTestDevice } from '@latchkey/test/server/frame-api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Cookie sessions against a hostile page (DESIGN.md "Embedded wallets: security model"): the browser
 * attaches the cookies to every request to the server, so a cookie alone must never authenticate a
 * request whose Origin is missing, opaque or not allowed (CSRF); and no token may reach page script
 * through any response body.
 */
describe.each(dialects)('cookie sessions: CSRF and token exposure (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  /** Logs in by email with cookies; returns the jar a browser would hold. */
  async function cookieLogin(client: TestClient, email: string): Promise<CookieJar> {
    await client.post('/api/v1/passwordless/init', { email });
    const login = await client.post('/api/v1/passwordless/authenticate', {
      email,
      code: client.lastCode(email),
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const jar = new CookieJar();
    jar.store(login.headers);
    expect(jar.get('privy-token')).toBeDefined();
    return jar;
  }

  /** Requests carrying the jar's cookies, with `origin` as Origin (null: none). */
  const withCookies = (client: TestClient, jar: CookieJar, origin: string | null) => ({
    me: () =>
      client.request('/api/v1/users/me', {
        noOrigin: true,
        headers: { cookie: jar.header('/api/v1/users/me'), ...(origin ? { origin } : {}) },
      }),
    post: (path: string) =>
      client.post(
        path,
        {},
        { noOrigin: true, headers: { cookie: jar.header(path), ...(origin ? { origin } : {}) } },
      ),
  });

  it('a cookie without Origin is refused with missing_origin, even for an app that lists no domains', async () => {
    for (const allowed_domains of [[], [testOrigin]]) {
      const { client } = await t.createApp({ cookie_sessions: true, allowed_domains });
      const jar = await cookieLogin(client, 'no.origin@example.com');
      const bare = withCookies(client, jar, null);
      const refused = { status: 403, body: { code: 'missing_origin' } };
      expect(await bare.me(), JSON.stringify(allowed_domains)).toMatchObject(refused);
      expect(await bare.post('/api/v1/users/me/accept_terms')).toMatchObject(refused);
      expect(await bare.post('/api/v1/sessions')).toMatchObject(refused);
      expect(await bare.post('/api/v1/sessions/logout')).toMatchObject(refused);

      // None of that touched the session: the refresh cookie was not spent, nor the session ended.
      const allowed = withCookies(client, jar, testOrigin);
      expect((await allowed.me()).status).toBe(200);
      const refresh = await allowed.post('/api/v1/sessions');
      expect(refresh).toMatchObject({ status: 200, body: { session_update_action: 'set' } });
    }
  });

  it('a cookie from an opaque or a foreign Origin is invalid_origin; from the server itself (the frame) it works', async () => {
    const open = await t.createApp({ cookie_sessions: true, allowed_domains: [] });
    const openJar = await cookieLogin(open.client, 'opaque.origin@example.com');
    // A sandboxed page sends `Origin: null`: an app without domains does not excuse it.
    const opaque = withCookies(open.client, openJar, 'null');
    expect(await opaque.me()).toMatchObject({ status: 403, body: { code: 'invalid_origin' } });
    const refresh = await opaque.post('/api/v1/sessions');
    expect(refresh).toMatchObject({ status: 403, body: { code: 'invalid_origin' } });

    const listed = await t.createApp({ cookie_sessions: true });
    const jar = await cookieLogin(listed.client, 'foreign.origin@example.com');
    for (const origin of ['http://evil.test', 'null', `${testOrigin}.evil.test`]) {
      const send = withCookies(listed.client, jar, origin);
      expect(await send.me(), origin).toMatchObject({ status: 403, body: { code: 'invalid_origin' } });
      expect(await send.post('/api/v1/sessions/logout')).toMatchObject({ status: 403 });
    }
    const frame = withCookies(listed.client, jar, t.origin);
    expect((await frame.me()).status).toBe(200);
  });

  it("the wallet frame's API takes the cookie from the server's own origin only", async () => {
    const { client } = await t.createApp({ cookie_sessions: true });
    const jar = await cookieLogin(client, 'frame.cookie@example.com');
    const path = '/api/v1/embedded_wallets/frame/recovery_share';
    const body = { entropy_id: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' };
    const cookie = jar.header(path);
    // The frame: its own origin, the cookie, and its enrolled device's proof. Past authentication
    // and the device check, the user simply has no wallet yet.
    const device = await newTestDevice(t, client);
    const fromFrame = { headers: { cookie, origin: t.origin } };
    expect((await device.post(frameApi.enrollDevice, {}, undefined, fromFrame)).status).toBe(200);
    const frame = await device.post(frameApi.recoveryShare, body, undefined, fromFrame);
    expect(frame).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
    expect(await client.post(path, body, { noOrigin: true, headers: { origin: t.origin } })).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    // The app's page holds the same cookie, but shares go to the frame only.
    expect(await client.post(path, body, { headers: { cookie } })).toMatchObject({
      status: 403,
      body: { code: 'invalid_origin' },
    });
  });

  it('a Bearer token needs no Origin, as before: only cookies do', async () => {
    const { client } = await t.createApp({ cookie_sessions: true, allowed_domains: [] });
    const jar = await cookieLogin(client, 'bearer.no.origin@example.com');
    const res = await client.request('/api/v1/users/me', { noOrigin: true, token: jar.get('privy-token')! });
    expect(res.status).toBe(200);
  });

  it('no login route, nor the refresh, puts a token in a body: each sets the cookies instead', async () => {
    const ec = await generateKeyPair('ES256');
    const { client } = await t.createApp({
      cookie_sessions: true,
      email_auth: true,
      sms_auth: true,
      guest_auth: true,
      wallet_auth: true,
      solana_wallet_auth: true,
      custom_jwt_auth: true,
      custom_jwt_verification_key: await exportSPKI(ec.publicKey),
    });
    const ethereum = privateKeyToAccount(generatePrivateKey());
    const solanaSecret = ed25519.utils.randomSecretKey();
    const solanaAddress = base58.encode(ed25519.getPublicKey(solanaSecret));
    const now = new Date(t.ctx.now() * 1000).toISOString();

    const logins: [string, () => Promise<TestResponse>][] = [
      [
        'email',
        async () => {
          await client.post('/api/v1/passwordless/init', { email: 'all.routes@example.com' });
          return client.post('/api/v1/passwordless/authenticate', {
            email: 'all.routes@example.com',
            code: client.lastCode('all.routes@example.com'),
          });
        },
      ],
      [
        'sms',
        async () => {
          await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+1 415 555 0142' });
          return client.post('/api/v1/passwordless_sms/authenticate', {
            phoneNumber: '+1 415 555 0142',
            code: client.lastCode('+14155550142'),
          });
        },
      ],
      [
        'guest',
        () =>
          client.post('/api/v1/guest/authenticate', {
            guest_credential: randomBytes(32).toString('base64url'),
          }),
      ],
      [
        'siwe',
        async () => {
          const init = await client.post<{ nonce: string }>('/api/v1/siwe/init', {
            address: ethereum.address,
          });
          const message = buildSiweMessage({
            domain: 'app.test',
            address: ethereum.address,
            statement: siweStatement,
            uri: testOrigin,
            chainId: 1,
            nonce: init.body.nonce,
            issuedAt: now,
          });
          return client.post('/api/v1/siwe/authenticate', {
            message,
            signature: await ethereum.signMessage({ message }),
          });
        },
      ],
      [
        'siws',
        async () => {
          const init = await client.post<{ nonce: string }>('/api/v1/siws/init', { address: solanaAddress });
          const message = buildSiwsMessage({
            domain: 'app.test',
            address: solanaAddress,
            uri: testOrigin,
            nonce: init.body.nonce,
            issuedAt: now,
          });
          const signature = base64.encode(ed25519.sign(new TextEncoder().encode(message), solanaSecret));
          return client.post('/api/v1/siws/authenticate', { message, signature });
        },
      ],
      [
        'custom_jwt',
        async () => {
          const token = await new SignJWT({ sub: 'custom-user' })
            .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
            .setIssuedAt(t.ctx.now())
            .setExpirationTime(t.ctx.now() + 300)
            .sign(ec.privateKey);
          return client.post('/api/v1/custom_jwt_account/authenticate', { token });
        },
      ],
    ];

    for (const [route, login] of logins) {
      const res = await login();
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(200);
      const cookies = setCookies(res.headers);
      expect(Object.keys(cookies).sort(), route).toEqual([
        'privy-id-token',
        'privy-refresh-token',
        'privy-session',
        'privy-token',
      ]);
      expect(res.body, route).toMatchObject({ token: null, privy_access_token: null, refresh_token: null });
      const raw = JSON.stringify(res.body);
      expect(raw, route).not.toContain(cookies['privy-token']!.value);
      expect(raw, route).not.toContain(cookies['privy-refresh-token']!.value);

      const jar = new CookieJar();
      jar.store(res.headers);
      const refresh = await client.post(
        '/api/v1/sessions',
        {},
        { headers: { cookie: jar.header('/api/v1/sessions') } },
      );
      expect(refresh.status, route).toBe(200);
      const renewed = setCookies(refresh.headers);
      expect(refresh.body, route).toMatchObject({
        token: null,
        privy_access_token: null,
        refresh_token: null,
      });
      expect(JSON.stringify(refresh.body), route).not.toContain(renewed['privy-token']!.value);
      expect(JSON.stringify(refresh.body), route).not.toContain(renewed['privy-refresh-token']!.value);
    }
  });
});
