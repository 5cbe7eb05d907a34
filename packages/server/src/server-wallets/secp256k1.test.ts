import { randomBytes } from 'node:crypto';
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { loadSecp256k1 } from './secp256k1.ts';
import { stopSigningThread } from './signing-thread.ts';

describe('the WebAssembly secp256k1', () => {
  it('signs the same bytes as @noble/curves (RFC 6979, low s) with the same recovery bit', async () => {
    const secp256k1 = await loadSecp256k1();
    for (let i = 0; i < 200; i++) {
      const key = noble.utils.randomSecretKey();
      const digest = new Uint8Array(randomBytes(32));
      const expected = noble.sign(digest, key, { prehash: false, lowS: true, format: 'recovered' });
      const { signature, recovery } = await secp256k1.sign(digest, key);
      expect([recovery, Buffer.from(signature).toString('hex')]).toEqual([
        expected[0],
        Buffer.from(expected.subarray(1)).toString('hex'),
      ]);
    }
  });

  it('gives the same public keys, compressed and not', async () => {
    const secp256k1 = await loadSecp256k1();
    for (let i = 0; i < 50; i++) {
      const key = noble.utils.randomSecretKey();
      for (const compressed of [true, false])
        expect(Buffer.from(secp256k1.publicKey(key, compressed))).toEqual(
          Buffer.from(noble.getPublicKey(key, compressed)),
        );
    }
  });

  it('refuses a scalar that is no private key rather than answer for it', async () => {
    const secp256k1 = await loadSecp256k1();
    expect(() => secp256k1.publicKey(new Uint8Array(32), true)).toThrow();
    await expect(secp256k1.sign(new Uint8Array(32), new Uint8Array(32))).rejects.toThrow(/refused/);
    // The thread goes on signing after a refusal.
    const key = noble.utils.randomSecretKey();
    const digest = new Uint8Array(32).fill(9);
    expect((await secp256k1.sign(digest, key)).signature).toHaveLength(64);
  });

  it('signs many at once, each answer its own; the caller keeps its key bytes, the thread zeroes its copy', async () => {
    const secp256k1 = await loadSecp256k1();
    const keys = Array.from({ length: 50 }, () => noble.utils.randomSecretKey());
    const digest = new Uint8Array(randomBytes(32));
    const answers = await Promise.all(keys.map((key) => secp256k1.sign(digest, key)));
    answers.forEach(({ signature, recovery }, i) => {
      const expected = noble.sign(digest, keys[i]!, { prehash: false, lowS: true, format: 'recovered' });
      expect([recovery, ...signature]).toEqual([...expected]);
    });
    // The caller's buffer is not the one moved to the thread: still usable (withWalletKey zeroes it).
    expect(keys.every((key) => key.some((byte) => byte !== 0))).toBe(true);
  });

  it('starts a new thread after the old one stopped', async () => {
    const secp256k1 = await loadSecp256k1();
    const key = noble.utils.randomSecretKey();
    const digest = new Uint8Array(32).fill(3);
    const before = await secp256k1.sign(digest, key);
    await stopSigningThread();
    expect(await secp256k1.sign(digest, key)).toEqual(before);
  });

  it('is compiled once', async () => {
    expect(await loadSecp256k1()).toBe(await loadSecp256k1());
  });
});
