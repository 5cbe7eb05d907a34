import { createHmac, createSign, sign as edSign, generateKeyPairSync } from 'node:crypto';
import { exportJWK, importJWK, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwsInvalid, maxCompactJwsLength, parseCompactJws, signEs256Jwt, verifyEs256 } from './es256-jws.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const claims = { sub: 'did:privy:x', iat: 1_700_000_000, exp: 1_700_003_600 };
const good = await signEs256Jwt(privateKey, 'kid-1', claims);
const [goodHeader, goodPayload, goodSignature] = good.split('.') as [string, string, string];

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => b64(JSON.stringify(value));
const header = (value: unknown) => `${json(value)}.${goodPayload}.${goodSignature}`;
const refused = (token: string) =>
  expect(() => parseCompactJws(token), token.slice(0, 80)).toThrow(JwsInvalid);

/** Signs any header and payload segments with the real key, so only the form check can refuse them. */
const signedWith = (encodedHeader: string, encodedPayload: string) => {
  const input = `${encodedHeader}.${encodedPayload}`;
  const signature = createSign('sha256').update(input).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64(signature)}`;
};

describe('signEs256Jwt and verifyEs256', () => {
  it('round-trips: the header is exactly alg, typ, kid and the payload the claims', async () => {
    const jws = parseCompactJws(good);
    expect(jws.header).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'kid-1' });
    expect(JSON.parse(Buffer.from(goodHeader, 'base64url').toString())).toEqual(jws.header);
    expect(jws.payload).toEqual(claims);
    expect(jws.signature).toHaveLength(64);
    expect(await verifyEs256(jws, publicKey)).toBe(true);
  });

  it('refuses another key, and any change to the header, payload or signature', async () => {
    expect(await verifyEs256(parseCompactJws(good), other.publicKey)).toBe(false);
    const changedPayload = `${goodHeader}.${json({ ...claims, sub: 'did:privy:y' })}.${goodSignature}`;
    expect(await verifyEs256(parseCompactJws(changedPayload), publicKey)).toBe(false);
    const changedKid = header({ alg: 'ES256', typ: 'JWT', kid: 'kid-2' });
    expect(await verifyEs256(parseCompactJws(changedKid), publicKey)).toBe(false);
    const signature = Buffer.from(goodSignature, 'base64url');
    signature[10]! ^= 1;
    expect(
      await verifyEs256(parseCompactJws(`${goodHeader}.${goodPayload}.${b64(signature)}`), publicKey),
    ).toBe(false);
    const zeros = `${goodHeader}.${goodPayload}.${b64(Buffer.alloc(64))}`;
    expect(await verifyEs256(parseCompactJws(zeros), publicKey)).toBe(false);
  });

  it('verifies only with a P-256 key: an RSA, Ed25519 or P-384 key is never asked', async () => {
    const input = `${goodHeader}.${goodPayload}`;
    // Both make 64-byte signatures, which pass the form check.
    const rsa = generateKeyPairSync('rsa', { modulusLength: 512 });
    const rsaSigned = `${input}.${b64(createSign('sha256').update(input).sign(rsa.privateKey))}`;
    expect(await verifyEs256(parseCompactJws(rsaSigned), rsa.publicKey)).toBe(false);
    const ed = generateKeyPairSync('ed25519');
    const edSigned = `${input}.${b64(edSign(null, Buffer.from(input), ed.privateKey))}`;
    expect(await verifyEs256(parseCompactJws(edSigned), ed.publicKey)).toBe(false);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    expect(await verifyEs256(parseCompactJws(good), p384.publicKey)).toBe(false);
  });

  it('jose verifies our token with the public key as a JWK (what app backends and SDKs do)', async () => {
    const jwk = await importJWK({ ...(await exportJWK(publicKey)), alg: 'ES256' }, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(good, jwk, {
      algorithms: ['ES256'],
      typ: 'JWT',
      currentDate: new Date(1_700_000_100_000),
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'kid-1' });
    expect(payload).toEqual(claims);
  });

  it('accepts a token jose signed with the same header (those issued before this module)', async () => {
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'kid-1' })
      .sign(privateKey);
    expect(await verifyEs256(parseCompactJws(token), publicKey)).toBe(true);
  });
});

describe('parseCompactJws refuses hostile input', () => {
  it('wrong segment counts', () => {
    for (const token of [
      '',
      '.',
      '..',
      '...',
      good.split('.').slice(0, 2).join('.'),
      `${good}.`,
      `${good}.x.y`,
    ])
      refused(token);
  });

  it('bad base64url: padding, the standard alphabet, whitespace, a dangling character, stray bits', () => {
    refused(`${goodHeader}=.${goodPayload}.${goodSignature}`);
    refused(`${goodHeader}.${goodPayload}.${goodSignature}=`);
    refused(`${goodHeader}.${goodPayload}.+${goodSignature.slice(1)}`);
    refused(`${goodHeader}.${goodPayload}.${goodSignature.slice(0, 10)}/${goodSignature.slice(11)}`);
    refused(`${goodHeader}.${goodPayload} .${goodSignature}`);
    refused(`${goodHeader}.${goodPayload}.${goodSignature}A`);
    // 64 bytes encode to 86 characters whose last carries 4 unused bits, all zero: setting one is
    // the same bytes for Buffer, but not the canonical spelling.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const stray = alphabet[alphabet.indexOf(goodSignature.at(-1)!) | 1]!;
    refused(`${goodHeader}.${goodPayload}.${goodSignature.slice(0, -1)}${stray}`);
  });

  it('a token over the length bound, before decoding it', () => {
    const huge = signedWith(goodHeader, json({ ...claims, pad: 'x'.repeat(maxCompactJwsLength) }));
    refused(huge);
    refused('.'.repeat(maxCompactJwsLength + 1));
  });

  it('alg none, HS256 keyed with the public key, lower-case or other algorithms', () => {
    refused(`${json({ alg: 'none', typ: 'JWT', kid: 'kid-1' })}.${goodPayload}.`);
    refused(header({ alg: 'none', typ: 'JWT', kid: 'kid-1' }));
    const pem = publicKey.export({ type: 'spki', format: 'pem' });
    const hsHeader = json({ alg: 'HS256', typ: 'JWT', kid: 'kid-1' });
    const mac = createHmac('sha256', pem).update(`${hsHeader}.${goodPayload}`).digest();
    refused(`${hsHeader}.${goodPayload}.${b64(mac)}`);
    for (const alg of ['es256', 'ES384', 'ES256K', 'EdDSA', 'PS256', 'RS256', '', null, ['ES256']])
      refused(header({ alg, typ: 'JWT', kid: 'kid-1' }));
  });

  it('any header beyond alg, typ and kid: crit, b64, jwk, jku, x5u; a missing or odd typ or kid', () => {
    const base = { alg: 'ES256', typ: 'JWT', kid: 'kid-1' };
    for (const extra of [
      { crit: ['exp'], exp: 1 },
      { crit: ['b64'], b64: false },
      { b64: false },
      { jwk: { kty: 'EC' } },
      { jku: 'https://evil.example/jwks' },
      { x5u: 'https://evil.example/cert' },
      { cty: 'JWT' },
    ])
      refused(signedWith(json({ ...base, ...extra }), goodPayload));
    for (const typ of [undefined, 'jwt', 'at+jwt', 'application/jwt', 1])
      refused(signedWith(json({ ...base, typ }), goodPayload));
    for (const kid of [undefined, '', 1, ['kid-1'], { kid: 'kid-1' }])
      refused(signedWith(json({ ...base, kid }), goodPayload));
    const { kid: _kid, ...noKid } = base;
    refused(signedWith(json(noKid), goodPayload));
  });

  it('a header or payload that is not a JSON object, or not UTF-8', () => {
    for (const value of ['[]', 'null', '"x"', '1', 'true', '{', '{"alg":"ES256"', ''])
      refused(signedWith(b64(value), goodPayload));
    for (const value of ['[]', 'null', '"x"', '1', 'true', '{', '', '{}x'])
      refused(signedWith(goodHeader, b64(value)));
    refused(signedWith(goodHeader, b64(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))));
  });

  it('a signature that is not 64 bytes of P-1363: DER, short, long, empty', () => {
    const input = `${goodHeader}.${goodPayload}`;
    const der = createSign('sha256').update(input).sign(privateKey);
    refused(`${input}.${b64(der)}`);
    const raw = Buffer.from(goodSignature, 'base64url');
    refused(`${input}.${b64(raw.subarray(0, 63))}`);
    refused(`${input}.${b64(Buffer.concat([raw, Buffer.from([0])]))}`);
    refused(`${input}.`);
  });

  it('duplicate keys and __proto__ in the JSON stay plain data', () => {
    // JSON.parse keeps the last duplicate (as jose does); the signature covers the bytes, so the
    // signer chose that meaning.
    const dup = '{"alg":"none","alg":"ES256","typ":"JWT","kid":"kid-1"}';
    expect(parseCompactJws(signedWith(b64(dup), goodPayload)).header.alg).toBe('ES256');
    const proto = parseCompactJws(signedWith(goodHeader, b64('{"__proto__":{"admin":true},"sub":"x"}')));
    expect(Object.getPrototypeOf(proto.payload)).toBe(Object.prototype);
    expect((proto.payload as { admin?: unknown }).admin).toBeUndefined();
  });
});
