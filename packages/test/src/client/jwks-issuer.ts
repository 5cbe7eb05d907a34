import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** An app's own auth for custom-JWT tests: its JWKS served on 127.0.0.1, and its tokens. */
export interface JwksIssuer {
  /** The JWKS address an app's `custom_jwt_jwks_url` takes. */
  url: string;
  /** A token of this issuer for the app's user `sub`, valid 5 minutes. */
  mint(sub: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts an issuer with one ES256 key (`kid` k1).
 *
 * @example
 * const issuer = await startJwksIssuer();
 * await t.createApp({ custom_jwt_auth: true, custom_jwt_jwks_url: issuer.url });
 * const token = await issuer.mint('app-user-1');
 */
export async function startJwksIssuer(): Promise<JwksIssuer> {
  const keyPair = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(keyPair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    mint: (sub) =>
      new SignJWT({ sub })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keyPair.privateKey),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
