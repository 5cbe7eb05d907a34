import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from './base58.ts';

describe('base58', () => {
  it('matches @solana/kit on addresses, signatures and leading zero bytes', () => {
    const samples = [
      new Uint8Array(32),
      Uint8Array.from([0, 0, 1, 2, 3, 255]),
      crypto.getRandomValues(new Uint8Array(32)),
      crypto.getRandomValues(new Uint8Array(64)),
      Uint8Array.from([0, ...crypto.getRandomValues(new Uint8Array(31))]),
      new Uint8Array(),
    ];
    for (const bytes of samples) {
      const text = encodeBase58(bytes);
      expect(text).toBe(getBase58Decoder().decode(bytes));
      expect(decodeBase58(text)).toEqual(bytes);
      expect(decodeBase58(text)).toEqual(new Uint8Array(getBase58Encoder().encode(text)));
    }
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111');
  });

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0abc', 'abcO', 'Il', 'abc def'])
      expect(() => decodeBase58(text)).toThrow(/Invalid base58/);
  });
});
