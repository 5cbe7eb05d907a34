import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { ethereumSigner } from './derive-ethereum.ts';
import { solanaKey } from './derive-solana.ts';
import { solanaSignMessage } from './solana.ts';
import { warmUpCurve } from './warm-up.ts';

describe('warmUpCurve', () => {
  it('changes no key and no signature, on either curve', () => {
    const seeds = Array.from({ length: 8 }, () => globalThis.crypto.getRandomValues(new Uint8Array(64)));
    const message = new TextEncoder().encode('the same bytes');
    const digest = new Uint8Array(32).fill(7);
    const everything = () =>
      seeds.map((seed, i) => {
        const ethereum = ethereumSigner(seed, i);
        const solana = solanaKey(seed, i);
        return [
          ethereum.address,
          bytesToHex(secp256k1.sign(digest, ethereum.privateKey, { prehash: false, format: 'recovered' })),
          solana.address,
          bytesToHex(solanaSignMessage(solana.secretKey, message)),
        ];
      });
    // With noble's default (6-bit) tables, built on first use, then with the 8-bit ones.
    const before = everything();
    warmUpCurve('secp256k1');
    warmUpCurve('ed25519');
    expect(everything()).toEqual(before);
    const key = secp256k1.utils.randomSecretKey();
    expect(
      secp256k1.Point.BASE.multiply(3n).equals(
        secp256k1.Point.BASE.add(secp256k1.Point.BASE).add(secp256k1.Point.BASE),
      ),
    ).toBe(true);
    expect(ed25519.verify(ed25519.sign(message, key), message, ed25519.getPublicKey(key))).toBe(true);
  });
});
