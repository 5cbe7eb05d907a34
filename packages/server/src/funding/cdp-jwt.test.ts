import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { cdpRequestJwt, parseCdpPrivateKey } from './cdp-jwt.ts';

/** Keys in the CDP portal's two forms, with their public halves. */
function portalKeys() {
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ed = generateKeyPairSync('ed25519');
  const jwk = ed.privateKey.export({ format: 'jwk' });
  return [
    {
      alg: 'ES256',
      text: ec.privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
      publicKey: ec.publicKey,
    },
    {
      alg: 'EdDSA',
      text: Buffer.concat([Buffer.from(jwk.d!, 'base64url'), Buffer.from(jwk.x!, 'base64url')]).toString(
        'base64',
      ),
      publicKey: ed.publicKey,
    },
  ] as const;
}

describe('CDP request JWT', () => {
  it.each(portalKeys())('signs as Coinbase’s SDKs do with a $alg key', async ({ alg, text, publicKey }) => {
    const keyName = 'organizations/o/apiKeys/k';
    const url = new URL('https://api.developer.coinbase.com/onramp/v1/token');
    const now = Math.floor(Date.now() / 1000);
    const jwt = await cdpRequestJwt({ keyName, privateKey: text }, { method: 'POST', url }, now);
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({
      alg,
      kid: keyName,
      typ: 'JWT',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const { payload } = await jwtVerify(jwt, publicKey, { issuer: 'cdp', subject: keyName });
    expect(payload).toMatchObject({
      uris: ['POST api.developer.coinbase.com/onramp/v1/token'],
      nbf: now,
      iat: now,
      exp: now + 120,
    });
    // Each request gets its own nonce.
    const again = await cdpRequestJwt({ keyName, privateKey: text }, { method: 'POST', url }, now);
    expect(decodeProtectedHeader(again).nonce).not.toBe(header.nonce);
  });

  it('takes a PEM with escaped newlines (as pasted from a JSON key file)', () => {
    const [ec] = portalKeys();
    expect(parseCdpPrivateKey(ec.text.replace(/\n/g, '\\n')).alg).toBe('ES256');
  });

  it.each([
    ['not a key'],
    [Buffer.alloc(32, 1).toString('base64')],
    [
      generateKeyPairSync('ec', { namedCurve: 'secp384r1' })
        .privateKey.export({ format: 'pem', type: 'sec1' })
        .toString(),
    ],
    [
      generateKeyPairSync('rsa', { modulusLength: 1024 })
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    ],
    ['-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----'],
  ])('refuses %#: what is not a P-256 PEM or a 64-byte Ed25519 key', (text) => {
    expect(() => parseCdpPrivateKey(text)).toThrow();
  });
});
