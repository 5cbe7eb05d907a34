import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gcmOpen, gcmSeal } from './aes-gcm.ts';

describe('gcmOpen', () => {
  const key = new Uint8Array(randomBytes(32));
  const sealed = gcmSeal(key, new Uint8Array([1, 2, 3]), 'aad');

  it('opens the full-tag value', () => {
    expect(gcmOpen(key, sealed, 'aad')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('refuses a truncated tag handed to it directly, not only through parseSealed', () => {
    for (const length of [4, 12])
      expect(() => gcmOpen(key, { ...sealed, tag: sealed.tag.subarray(0, length) }, 'aad')).toThrow();
  });
});
