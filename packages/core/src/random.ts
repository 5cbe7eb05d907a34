/** Cryptographically random bytes from Web Crypto. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/**
 * base64url without padding, as the spec's guest credential and PKCE values use. Hand-written on
 * purpose: this is in the first load, and @scure/base here (`base64urlnopad`, with jwt.ts) moves the
 * lazy chunks' @scure/base into it: +2.1 KiB gzip over React (11.8 → 13.9 KiB, bench:bundle).
 */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts, so plain-http pages
 * (local development on a custom host) get one built from `getRandomValues`.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
