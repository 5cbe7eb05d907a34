import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { authorizationPayload, canonicalJson, type SignedRequest } from '@latchkey/protocol';
import { formatRequestForAuthorizationSignature, generateAuthorizationSignature } from '@privy-io/node';
import { describe, expect, it } from 'vitest';
import {
  importAuthorizationKey,
  maxSignatures,
  parseSignatureHeader,
  quorumMet,
  requestExpiryProblem,
  signingKeys,
} from './authorization.ts';

/** An authorization key as the incumbent's SDK takes it (base64 PKCS#8) and as the API stores it (base64 SPKI). */
function authorizationKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    private: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    public: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const appId = 'a'.repeat(25);
const request: SignedRequest = {
  method: 'POST',
  url: 'https://auth.example.com/v1/wallets/w1/rpc',
  body: {
    method: 'personal_sign',
    params: { message: 'héllo 🌍', encoding: 'utf-8' },
    chain_type: 'ethereum',
  },
  headers: { 'privy-app-id': appId, 'privy-request-expiry': '1900000000000', 'x-other': 'not signed' },
};
const incumbentInput = (r: SignedRequest) => ({
  version: 1 as const,
  method: r.method,
  url: r.url,
  body: structuredClone(r.body),
  headers: {
    'privy-app-id': r.headers['privy-app-id']!,
    ...(r.headers['privy-request-expiry']
      ? { 'privy-request-expiry': r.headers['privy-request-expiry'] }
      : {}),
  },
});

describe('authorization signatures', () => {
  it('builds the payload byte for byte as the incumbent SDK does, an empty body as ""', () => {
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    expect(decode(authorizationPayload(request))).toBe(
      decode(formatRequestForAuthorizationSignature(incumbentInput(request))),
    );
    const empty = { ...request, body: {} };
    expect(decode(authorizationPayload(empty))).toBe(
      decode(formatRequestForAuthorizationSignature(incumbentInput(empty))),
    );
    expect(decode(authorizationPayload(empty))).toContain('"body":""');
    // A trailing slash is not part of the URL signed.
    expect(authorizationPayload({ ...request, url: `${request.url}/` })).toEqual(
      authorizationPayload(request),
    );
  });

  it("verifies the incumbent SDK's signatures, and only for the request they were made for", async () => {
    const [a, b] = [authorizationKey(), authorizationKey()];
    const keys = new Map<string, KeyObject>([
      ['a', importAuthorizationKey(a.public)!],
      ['b', importAuthorizationKey(`wallet-auth:${b.public}`)!],
    ]);
    const header = [a, b]
      .map((k) =>
        generateAuthorizationSignature({
          authorizationPrivateKey: k.private,
          input: incumbentInput(request),
        }),
      )
      .join(',');
    const signatures = parseSignatureHeader(header)!;
    expect(await signingKeys(authorizationPayload(request), signatures, keys)).toEqual(new Set(['a', 'b']));
    // Another wallet's URL, another body, another app, another deadline: no key signed those.
    for (const other of [
      { ...request, url: 'https://auth.example.com/v1/wallets/w2/rpc' },
      { ...request, body: { ...(request.body as object), chain_type: 'solana' } },
      { ...request, headers: { ...request.headers, 'privy-app-id': 'b'.repeat(25) } },
      { ...request, headers: { ...request.headers, 'privy-request-expiry': '1900000000001' } },
      { ...request, method: 'PATCH' as const },
    ])
      expect((await signingKeys(authorizationPayload(other), signatures, keys)).size).toBe(0);
  });

  it('refuses malformed headers and keys before any verification', async () => {
    expect(parseSignatureHeader(undefined)).toEqual([]);
    expect(parseSignatureHeader('not base64!')).toBeNull();
    expect(parseSignatureHeader('a,,b')).toBeNull();
    expect(parseSignatureHeader('A'.repeat(101))).toBeNull();
    expect(
      parseSignatureHeader(
        Array(maxSignatures + 1)
          .fill('AAAA')
          .join(','),
      ),
    ).toBeNull();
    const junk = parseSignatureHeader('AAAA')!;
    const keys = new Map([['a', importAuthorizationKey(authorizationKey().public)!]]);
    expect((await signingKeys(authorizationPayload(request), junk, keys)).size).toBe(0);
    const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
    const secp256k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({
      format: 'der',
      type: 'spki',
    });
    for (const text of [
      '',
      'nope',
      ed25519.toString('base64'),
      secp256k1.toString('base64'),
      'A'.repeat(300),
    ])
      expect(importAuthorizationKey(text), text).toBeNull();
  });

  it('meets a quorum with distinct members, one level of nested quorums counting as one member', () => {
    const quorum = {
      threshold: 2,
      keyIds: ['a', 'b', 'c'],
      quorums: [{ threshold: 2, keyIds: ['x', 'y', 'z'] }],
    };
    expect(quorumMet(quorum, new Set(['a']))).toBe(false);
    expect(quorumMet(quorum, new Set(['a', 'b']))).toBe(true);
    expect(quorumMet(quorum, new Set(['a', 'x']))).toBe(false);
    expect(quorumMet(quorum, new Set(['a', 'x', 'y']))).toBe(true);
    expect(quorumMet({ threshold: 0, keyIds: [] }, new Set())).toBe(false);
    // A user member counts once, whichever of their keys signed, and only when one did.
    const withUser = { threshold: 2, keyIds: ['a'], users: [['u1', 'u2']] };
    expect(quorumMet(withUser, new Set(['u1', 'u2']))).toBe(false);
    expect(quorumMet(withUser, new Set(['a', 'u2']))).toBe(true);
  });

  it('honours privy-request-expiry in milliseconds', () => {
    expect(requestExpiryProblem(undefined, 5)).toBeNull();
    expect(requestExpiryProblem('1000', 999)).toBeNull();
    expect(requestExpiryProblem('1000', 1000)).toMatch(/expired/);
    expect(requestExpiryProblem('1e3', 0)).toMatch(/milliseconds/);
  });
});

describe('canonicalJson (RFC 8785)', () => {
  it('sorts members by UTF-16 code units, drops undefined members, writes numbers as ECMAScript does', () => {
    expect(
      canonicalJson({ b: 1, a: [true, null, 'x'], '\u20ac': 2, '\ud83d\ude00': 3, é: 4, c: undefined }),
    ).toBe('{"a":[true,null,"x"],"b":1,"é":4,"€":2,"😀":3}');
    expect(canonicalJson([1e21, 0.1, -0, 1.5e-7])).toBe('[1e+21,0.1,0,1.5e-7]');
    expect(() => canonicalJson(Number.NaN)).toThrow(/finite/);
    expect(() => canonicalJson(1n)).toThrow(/not JSON/);
  });
});
