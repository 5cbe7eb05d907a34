import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * A CDP secret API key's private half, as the CDP portal hands it out: an EC P-256 key in PEM
 * (`-----BEGIN EC PRIVATE KEY-----`, the older ES256 keys; PKCS#8 PEM is taken too) or an Ed25519
 * key as base64 of 64 bytes (seed then public key, the newer default). Throws on anything else.
 */
export function parseCdpPrivateKey(text: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } {
  const trimmed = text.trim().replace(/\\n/g, '\n');
  if (trimmed.startsWith('-----BEGIN')) {
    const key = createPrivateKey({ key: trimmed, format: 'pem' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
      throw new Error('a PEM CDP key must be an EC P-256 key');
    return { key, alg: 'ES256' };
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) throw new Error('not a PEM or base64 key');
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.length !== 64) throw new Error('a base64 CDP Ed25519 key has 64 bytes');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: bytes.subarray(0, 32).toString('base64url'),
      x: bytes.subarray(32).toString('base64url'),
    },
  });
  return { key, alg: 'EdDSA' };
}

/** How long a request's JWT lives: CDP's SDKs use 120 s; each call makes a new one. */
const jwtLifetimeSeconds = 120;

/**
 * The bearer JWT of one CDP API request, as Coinbase's SDKs make it (`generateJwt`): signed by the
 * key, `kid` and `sub` its name, `iss` 'cdp', a random `nonce` in the header, and `uris` naming the
 * one request it authorizes (`POST api.developer.coinbase.com/onramp/v1/token`), so a leaked token
 * opens nothing else and nothing after two minutes.
 */
export async function cdpRequestJwt(
  credentials: { keyName: string; privateKey: string },
  request: { method: string; url: URL },
  nowSeconds: number,
): Promise<string> {
  const { key, alg } = parseCdpPrivateKey(credentials.privateKey);
  return new SignJWT({
    sub: credentials.keyName,
    iss: 'cdp',
    uris: [`${request.method} ${request.url.host}${request.url.pathname}`],
  })
    .setProtectedHeader({ alg, kid: credentials.keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + jwtLifetimeSeconds)
    .sign(key);
}
