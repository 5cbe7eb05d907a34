import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const box = new SecretBox(new Uint8Array(randomBytes(32)));

/** Replaces the tag of a sealed value with its first `length` bytes. */
function truncateTag(sealed: string, length: number): string {
  const [kind, iv, tag, body] = sealed.split('.') as [string, string, string, string];
  const short = Buffer.from(tag, 'base64url').subarray(0, length).toString('base64url');
  return [kind, iv, short, body].join('.');
}

describe('SecretBox', () => {
  it('opens what it sealed, under the same context only', () => {
    const sealed = box.seal(bytes('share'), 'row:1');
    expect(sealed).toMatch(/^v1\./);
    expect(new TextDecoder().decode(box.open(sealed, 'row:1'))).toBe('share');
    expect(() => box.open(sealed, 'row:2')).toThrow();
  });

  it('refuses a tag that is not exactly 16 bytes, even a true prefix of the real tag', () => {
    const sealed = box.seal(bytes('share'), 'row:1');
    // A truncated GCM tag is a valid (weaker) tag: Node would accept 4, 8 or 12 to 15 bytes.
    for (const length of [4, 8, 12, 15])
      expect(() => box.open(truncateTag(sealed, length), 'row:1'), `${length} bytes`).toThrow(
        /authentication tag is not 16 bytes/,
      );
  });

  it('refuses another kind of sealed value and a tampered one', () => {
    const sealed = box.seal(bytes('share'), 'row:1');
    expect(() => box.open(sealed.replace(/^v1\./, 'kf1.'), 'row:1')).toThrow(/Unrecognised sealed value/);
    const [kind, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([kind, iv, tag, flipped.toString('base64url')].join('.'), 'row:1')).toThrow();
  });
});
