/**
 * Authorization signatures without a server: the payload is byte-identical to `@privy-io/node`'s
 * `formatRequestForAuthorizationSignature` (RFC 8785 canonical JSON), signatures verify both ways
 * between this SDK's keys and the incumbent's, and keys other than P-256 PKCS#8 are refused.
 */
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import {
  type AuthorizationRequest,
  authorizationPayload,
  generateAuthorizationKeyPair,
  signAuthorizationPayload,
} from '@latchkey/node';
import {
  formatRequestForAuthorizationSignature,
  generateAuthorizationSignature,
  generateP256KeyPair,
} from '@privy-io/node';
import { describe, expect, it } from 'vitest';

const url = 'https://auth.example.com/api/v1/wallets/abc123/rpc';
const headers = { 'privy-app-id': 'app_1', 'privy-request-expiry': '1760000000000' };

/** Bodies that exercise RFC 8785: key order by UTF-16 units, escapes, numbers, nesting, undefined. */
const bodies: unknown[] = [
  {},
  { method: 'personal_sign', params: { message: 'Hello', encoding: 'utf-8' } },
  { b: 1, a: 2, A: 3, _: 4, '': 5, é: 6, '\u{1F600}': 7, '\uFFFF': 8 },
  { n: [1, 1.5, -0, 1e21, 1e-7, 123456789012345680000, 0.1 + 0.2, 5e-324, Number.MAX_SAFE_INTEGER] },
  { s: 'quote " backslash \\ tab \t newline \n control \u0001 \u001f del \u007f line \u2028 emoji 😀' },
  { nested: { z: [true, false, null, { y: 'x', x: 'y' }], a: { c: {}, b: [] } } },
  { skipped: undefined, kept: null, list: [undefined, 1] },
  { typed_data: { domain: { chainId: 1 }, types: {}, message: { value: '0x10' }, primary_type: 'Mail' } },
  { date: new Date(0) },
];

describe('authorizationPayload', () => {
  it.each(bodies.map((body, i) => [i, body] as const))(
    'is byte-identical to @privy-io/node (body %i)',
    (_, body) => {
      for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
        const input: AuthorizationRequest = { method, url, body, headers };
        const ours = authorizationPayload(input);
        // The incumbent's function rewrites its input's body in place: give it a copy.
        const theirs = formatRequestForAuthorizationSignature({
          version: 1,
          method,
          url,
          body: structuredClone(body),
          headers,
        });
        expect(Buffer.from(ours).toString('utf8')).toBe(Buffer.from(theirs).toString('utf8'));
      }
    },
  );

  it('signs an empty body as the empty string and drops a trailing slash, as the server checks', () => {
    const text = new TextDecoder().decode(
      authorizationPayload({ method: 'DELETE', url: `${url}/`, body: undefined, headers }),
    );
    expect(text).toBe(
      `{"body":"","headers":{"privy-app-id":"app_1","privy-request-expiry":"1760000000000"},"method":"DELETE","url":"${url}","version":1}`,
    );
  });

  it('refuses what JSON cannot hold', () => {
    for (const body of [{ n: Number.NaN }, { n: Infinity }, { b: 1n }])
      expect(() => authorizationPayload({ method: 'POST', url, body, headers })).toThrow(TypeError);
  });
});

describe('signatures', () => {
  const payload = authorizationPayload({ method: 'POST', url, body: { a: 1 }, headers });

  it('are DER P-256 over SHA-256 that verify with the public key, and the incumbent makes the same kind', async () => {
    const ours = generateAuthorizationKeyPair();
    const publicKey = createPublicKey({
      key: Buffer.from(ours.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signature = signAuthorizationPayload(ours.privateKey, payload);
    expect(
      verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64')),
    ).toBe(true);
    // The incumbent signs with our key, and we sign with its key: each verifies.
    const theirSignature = generateAuthorizationSignature({
      authorizationPrivateKey: ours.privateKey,
      input: payload,
    });
    expect(
      verify(
        'sha256',
        payload,
        { key: publicKey, dsaEncoding: 'der' },
        Buffer.from(theirSignature, 'base64'),
      ),
    ).toBe(true);
    const theirs = await generateP256KeyPair();
    const withTheirKey = signAuthorizationPayload(`wallet-auth:${theirs.privateKey}`, payload);
    const theirPublic = createPublicKey({
      key: Buffer.from(theirs.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(
      verify(
        'sha256',
        payload,
        { key: theirPublic, dsaEncoding: 'der' },
        Buffer.from(withTheirKey, 'base64'),
      ),
    ).toBe(true);
  });

  it('refuses keys that are not P-256 PKCS#8, without echoing them', () => {
    const ed = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
    for (const key of [ed, k1, 'not-a-key', generateAuthorizationKeyPair().publicKey]) {
      expect(() => signAuthorizationPayload(key, payload)).toThrow(/base64 PKCS#8 P-256/);
      try {
        signAuthorizationPayload(key, payload);
      } catch (error) {
        expect(String(error)).not.toContain(key);
      }
    }
  });
});
