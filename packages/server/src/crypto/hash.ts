import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/**
 * Compares two strings in time independent of where they differ. Both sides are hashed first so
 * unequal lengths do not leak through an early return either.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
