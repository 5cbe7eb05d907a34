import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derToP1363, p1363ToDer } from './ecdsa-signature.ts';

describe('ES256 signatures between P1363 and DER', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  it("gives node:crypto's own forms both ways, short halves (leading zero bytes) included", () => {
    let shortHalves = 0;
    // About one signature in 128 has a half below 2^248; 1,500 signatures meet several.
    for (let i = 0; i < 1500; i++) {
      const data = Buffer.from(`message ${i}`);
      const der = sign('sha256', data, privateKey);
      const p1363 = derToP1363(der);
      expect(p1363).toHaveLength(64);
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, p1363)).toBe(true);
      expect(p1363ToDer(p1363)).toEqual(der);
      if (p1363[0] === 0 || p1363[32] === 0) shortHalves++;
    }
    expect(shortHalves).toBeGreaterThan(0);
  });

  it('a changed signature no longer verifies after conversion', () => {
    const data = Buffer.from('message');
    const p1363 = derToP1363(sign('sha256', data, privateKey));
    p1363[10] = (p1363[10] ?? 0) ^ 1;
    expect(verify('sha256', data, publicKey, p1363ToDer(p1363))).toBe(false);
  });

  it('refuses what is not a signature of this shape', () => {
    expect(() => p1363ToDer(new Uint8Array(63))).toThrow('64 bytes');
    expect(() => p1363ToDer(new Uint8Array(65))).toThrow('64 bytes');
    const der = sign('sha256', Buffer.from('x'), privateKey);
    for (const bad of [
      Buffer.alloc(0),
      Buffer.concat([der, Buffer.from([0])]), // a byte past the sequence
      Buffer.from([0x31, ...der.subarray(1)]), // not a SEQUENCE
      Buffer.from([0x30, 6, 0x02, 0x01, 0x01, 0x03, 0x01, 0x01]), // s not an INTEGER
      Buffer.from([0x30, 4, 0x02, 0x00, 0x02, 0x00]), // empty integers
      Buffer.from([0x30, 38, 0x02, 33, 0x01, ...Buffer.alloc(32, 1), 0x02, 0x01, 0x01]), // r over 32 bytes
    ])
      expect(() => derToP1363(bad)).toThrow();
  });
});
