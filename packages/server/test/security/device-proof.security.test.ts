import { createHash, randomBytes } from 'node:crypto';
import { dpopProofType, frameApi } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { newTestDevice, type TestDevice, uniqueEmail } from '@latchkey/test/server/frame-api';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDpopNonce } from '../../src/embedded-wallets/dpop.ts';

/**
 * The device proof every share request needs (RFC 9449, DPoP), check by check: a proof that is not
 * exactly one JWS of an enrolled P-256 key over this very request, this token, a current server
 * nonce and an unused `jti` opens nothing.
 */
describe.each(dialects)('device proofs (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let user: AuthBody;
  let device: TestDevice;
  const path = frameApi.nonce;
  const url = () => `${t.origin}${frameApi.prefix}${path}`;

  /** A proof signed by `key` (default: a fresh one) with these header and payload fields. */
  async function proof(
    options: {
      header?: Record<string, unknown>;
      payload?: Record<string, unknown>;
      key?: CryptoKey;
      jwk?: Record<string, unknown>;
    } = {},
  ): Promise<string> {
    const pair = await generateKeyPair('ES256');
    const jwk = options.jwk ?? (await exportJWK(pair.publicKey));
    return new SignJWT({
      jti: randomBytes(16).toString('base64url'),
      htm: 'POST',
      htu: url(),
      iat: t.ctx.now(),
      nonce: currentDpopNonce(t.ctx),
      ath: createHash('sha256').update(user.token).digest('base64url'),
      ...options.payload,
    })
      .setProtectedHeader({ alg: 'ES256', typ: dpopProofType, jwk, ...options.header })
      .sign(options.key ?? pair.privateKey);
  }

  const send = (dpop: string | null, headers: Record<string, string> = {}) =>
    client.post(
      `${frameApi.prefix}${path}`,
      {},
      {
        token: user.token,
        headers: { origin: t.origin, ...(dpop === null ? {} : { dpop }), ...headers },
      },
    );

  const refused = (error: string) => ({ status: 401, body: { code: 'invalid_dpop_proof', error } });

  beforeAll(async () => {
    t = await startTestServer(dialect);
    client = (await t.createApp()).client;
    user = (await client.loginWithEmail(uniqueEmail('device-proof'))).body;
    device = await newTestDevice(t, client);
    expect((await device.enroll(user.token)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('an enrolled device’s proof is accepted, and every answer brings the next nonce', async () => {
    const res = await send(await device.proof(path, user.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('dpop-nonce')).toBe(currentDpopNonce(t.ctx));
  });

  it('the session check, which needs no proof, hands out the current nonce too (the frame renews an aging one there)', async () => {
    const res = await client.post(
      `${frameApi.prefix}${frameApi.session}`,
      {},
      { token: user.token, headers: { origin: t.origin } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('dpop-nonce')).toBe(currentDpopNonce(t.ctx));
  });

  it('no proof, two proofs, or something that is not a JWS', async () => {
    expect(await send(null)).toMatchObject(refused('Invalid device proof: missing DPoP header.'));
    const good = await device.proof(path, user.token);
    expect(await send(`${good}, ${good}`)).toMatchObject(
      refused('Invalid device proof: one DPoP header only.'),
    );
    for (const junk of ['x', 'a.b.c', '....', 'x'.repeat(5000)]) {
      const res = await send(junk);
      expect(res.status, junk.slice(0, 10)).toBe(401);
      expect(res.body.code).toBe('invalid_dpop_proof');
    }
  });

  it('a header other than typ dpop+jwt, alg ES256 and a public P-256 jwk', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pub = await exportJWK((await generateKeyPair('ES256')).publicKey);
    expect(await send(await proof({ header: { typ: 'JWT' } }))).toMatchObject(
      refused('Invalid device proof: typ must be dpop+jwt.'),
    );
    const withD = { ...(await exportJWK(privateKey)) };
    expect(await send(await proof({ jwk: withD, key: privateKey }))).toMatchObject(
      refused('Invalid device proof: the jwk must be a public key.'),
    );
    expect(await send(await proof({ jwk: { ...pub, crv: 'P-384' } }))).toMatchObject(
      refused('Invalid device proof: the header needs an EC P-256 public jwk.'),
    );
    // alg none: an unsigned token must never pass.
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: dpopProofType, jwk: pub })).toString('base64url'),
      Buffer.from(JSON.stringify({ jti: 'x'.repeat(20), htm: 'POST', htu: url(), iat: 1 })).toString(
        'base64url',
      ),
      '',
    ].join('.');
    expect(await send(unsigned)).toMatchObject(refused('Invalid device proof: alg must be ES256.'));
    // HS256 keyed with the public key's bytes (the classic algorithm confusion).
    const hmac = await new SignJWT({ jti: 'x'.repeat(20), htm: 'POST', htu: url(), iat: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: dpopProofType, jwk: pub })
      .sign(new TextEncoder().encode(JSON.stringify(pub)));
    expect(await send(hmac)).toMatchObject(refused('Invalid device proof: alg must be ES256.'));
  });

  it('a signature by another key than the one in the header', async () => {
    const other = await generateKeyPair('ES256');
    const pub = await exportJWK((await generateKeyPair('ES256')).publicKey);
    expect(await send(await proof({ jwk: pub, key: other.privateKey }))).toMatchObject(
      refused('Invalid device proof: the signature does not verify.'),
    );
  });

  it('a proof of another request: method, URL (a Host-derived one too), or token', async () => {
    expect(await send(await device.proof(path, user.token, { htm: 'GET' }))).toMatchObject(
      refused('Invalid device proof: htm is not the request method.'),
    );
    for (const htu of [
      `${t.origin}${frameApi.prefix}${frameApi.authShare}`,
      `http://evil.test${frameApi.prefix}${path}`,
      `${url()}?x=1`,
    ]) {
      expect(await send(await device.proof(path, user.token, { htu })), htu).toMatchObject(
        refused('Invalid device proof: htu is not the request URL.'),
      );
    }
    const other = (await client.loginWithEmail(uniqueEmail('other-token'))).body;
    expect(await send(await device.proof(path, other.token))).toMatchObject(
      refused('Invalid device proof: ath is not the hash of the access token.'),
    );
    expect(await send(await device.proof(path, user.token, { ath: undefined }))).toMatchObject(
      refused('Invalid device proof: ath is not the hash of the access token.'),
    );
  });

  it('a stale, forged or missing nonce: use_dpop_nonce, with the current one to retry with', async () => {
    const now = currentDpopNonce(t.ctx);
    const [window, tag] = now.split('.');
    for (const nonce of [undefined, `${Number(window) - 2}.${tag}`, `${window}.${'A'.repeat(22)}`, 'nonce']) {
      const res = await send(await device.proof(path, user.token, { nonce }));
      expect({ status: res.status, code: res.body.code }, String(nonce)).toEqual({
        status: 401,
        code: 'use_dpop_nonce',
      });
      expect(res.headers.get('dpop-nonce')).toBe(now);
    }
    // A nonce stays good through the next window, then goes stale.
    const issued = currentDpopNonce(t.ctx);
    t.advance(300);
    expect((await send(await device.proof(path, user.token, { nonce: issued }))).status).toBe(200);
    t.advance(300);
    expect((await send(await device.proof(path, user.token, { nonce: issued }))).body.code).toBe(
      'use_dpop_nonce',
    );
  });

  it('a proof played twice: the second time it is refused', async () => {
    const once = await device.proof(path, user.token, { nonce: currentDpopNonce(t.ctx) });
    expect((await send(once)).status).toBe(200);
    expect(await send(once)).toMatchObject(refused('Invalid device proof: the proof was already used.'));
  });

  it('a proof by a key the user never enrolled: device_revoked', async () => {
    expect(await send(await proof())).toMatchObject({ status: 403, body: { code: 'device_revoked' } });
  });
});
