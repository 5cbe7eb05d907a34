import { createPrivateKey, createPublicKey, hkdfSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { farcasterSign, farcasterSignerKey } from './derive-farcaster.ts';
import { solanaKey } from './derive-solana.ts';

const seed = Uint8Array.from({ length: 64 }, (_, i) => i);
/** An Ed25519 key in Node's crypto from its 32-byte seed (PKCS#8 prefix for Ed25519). */
const nodeKey = (privateKey: Uint8Array) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), privateKey]),
    format: 'der',
    type: 'pkcs8',
  });

describe('farcasterSignerKey', () => {
  it("is HKDF-SHA256(seed, 'latchkey', 'farcaster signer v1 <generation>') as Node's crypto computes it, and its public key", () => {
    const key = farcasterSignerKey(seed, 2);
    const expected = new Uint8Array(hkdfSync('sha256', seed, 'latchkey', 'farcaster signer v1 2', 32));
    expect(key.privateKey).toEqual(expected);
    const spki = createPublicKey(nodeKey(expected)).export({ format: 'der', type: 'spki' });
    expect(Buffer.from(key.publicKey)).toEqual(spki.subarray(-32));
  });

  it('is the same for the same seed and generation, another for another seed or generation, and no wallet key', () => {
    expect(farcasterSignerKey(seed, 0).publicKey).toEqual(farcasterSignerKey(seed.slice(), 0).publicKey);
    const other = seed.slice();
    other[0] = 1;
    expect(farcasterSignerKey(other, 0).publicKey).not.toEqual(farcasterSignerKey(seed, 0).publicKey);
    expect(farcasterSignerKey(seed, 1).publicKey).not.toEqual(farcasterSignerKey(seed, 0).publicKey);
    for (const index of [0, 1, 2])
      expect(farcasterSignerKey(seed, 0).publicKey).not.toEqual(solanaKey(seed, index).publicKey);
  });

  it('has 16 generations', () => {
    for (const generation of [-1, 1.5, 16, Number.NaN])
      expect(() => farcasterSignerKey(seed, generation)).toThrow(/generation/);
  });
});

describe('farcasterSign', () => {
  it('signs a 20-byte message hash: the signature verifies with the public key (RFC 8032)', () => {
    const key = farcasterSignerKey(seed, 0);
    const hash = Uint8Array.from({ length: 20 }, (_, i) => 255 - i);
    const signature = farcasterSign(key, hash);
    expect(signature).toHaveLength(64);
    const publicKey = createPublicKey(nodeKey(key.privateKey));
    expect(verify(null, hash, publicKey, signature)).toBe(true);
    const tampered = hash.slice();
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(verify(null, tampered, publicKey, signature)).toBe(false);
  });

  it('refuses anything but a 20-byte hash: the frame is no signing oracle for other data', () => {
    const key = farcasterSignerKey(seed, 0);
    for (const length of [0, 19, 21, 32, 1000])
      expect(() => farcasterSign(key, new Uint8Array(length))).toThrow(/20 bytes/);
  });
});
