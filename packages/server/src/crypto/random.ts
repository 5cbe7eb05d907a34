import { randomBytes, randomInt } from 'node:crypto';

const base36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A random lower-case alphanumeric id that starts with a letter, like the incumbent's ids.
 * 25 characters carry ~128 bits of entropy; rejection sampling keeps the alphabet uniform.
 */
export function randomId(length = 25): string {
  let id = base36[10 + randomInt(26)]!;
  while (id.length < length) id += base36[randomInt(36)]!;
  return id;
}

/** An opaque token: base64url of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time code of `length` digits, uniformly distributed. */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}
