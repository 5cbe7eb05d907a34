import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64.ts';

describe('base64', () => {
  it('encodes standard padded base64 (RFC 4648 vectors)', () => {
    const text = new TextEncoder().encode('foobar');
    expect(['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy']).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => toBase64(text.subarray(0, n))),
    );
    expect(toBase64(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
  });

  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it('rejects url-safe, unpadded or non-base64 text', () => {
    for (const bad of ['-_8=', 'Zg', 'Zm9v!', 'Z m9v']) expect(() => fromBase64(bad)).toThrow();
  });
});
