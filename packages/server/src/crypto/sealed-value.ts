/**
 * The layout of every AES-256-GCM value sealed at rest: `<kind>.<iv>.<tag>.<ciphertext>`, each
 * part base64url. The kind says which key opens it (`v1`: the secret box, under the master key;
 * `kf1`, `kp1`: a key store), so a value can never be handed to the wrong key by mistake.
 */
export interface SealedParts {
  iv: Uint8Array;
  tag: Uint8Array;
  body: Uint8Array;
}

/** GCM's standard 96-bit IV. */
export const ivBytes = 12;
/**
 * The full 128-bit tag. GCM tags can be truncated, and Node's decipher accepts a 4- to 16-byte
 * tag unless told its length: a stored value whose tag was cut to 4 bytes would then be forgeable
 * in about 2^32 tries. Every opener insists on exactly this length.
 */
export const tagBytes = 16;

export function formatSealed(kind: string, parts: SealedParts): string {
  return [kind, parts.iv, parts.tag, parts.body]
    .map((p) => (typeof p === 'string' ? p : b64url(p)))
    .join('.');
}

/** Splits a sealed value of `kind`; refuses another kind and an IV or tag of the wrong length. */
export function parseSealed(sealed: string, kind: string): SealedParts {
  const [found, iv, tag, body, extra] = sealed.split('.');
  if (found !== kind || !iv || !tag || body === undefined || extra !== undefined)
    throw new Error(`Unrecognised sealed value (expected kind ${kind}, found ${describeKind(found)})`);
  const parts = { iv: fromB64url(iv), tag: fromB64url(tag), body: fromB64url(body) };
  if (parts.iv.length !== ivBytes) throw new Error(`Sealed value refused: its IV is not ${ivBytes} bytes`);
  if (parts.tag.length !== tagBytes)
    throw new Error(`Sealed value refused: its authentication tag is not ${tagBytes} bytes`);
  return parts;
}

/** The kind of a sealed value (the text before the first dot). */
export function sealedKind(sealed: string): string {
  return sealed.slice(0, Math.max(0, sealed.indexOf('.')));
}

const kinds: Record<string, string> = {
  v1: 'the secret box (master key)',
  kf1: 'a file key store',
  kp1: 'a PKCS#11 key store',
};

/** Which key seals values of a kind, for messages. */
export function describeKind(kind: string | undefined): string {
  return (kind && kinds[kind]) ?? 'an unknown kind';
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
// Node's base64url decoder skips characters outside the alphabet; the length checks above catch
// what that would truncate.
const fromB64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
