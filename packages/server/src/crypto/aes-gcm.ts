import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { ivBytes, type SealedParts, tagBytes } from './sealed-value.ts';

/**
 * AES-256-GCM in this process (the secret box, the file key store), `aad` bound as additional data.
 * A key used often is a KeyObject (see crypto/hash.ts: raw bytes cost Node's key checks two exceptions).
 */
export function gcmSeal(key: KeyObject | Uint8Array, plaintext: Uint8Array, aad: string): SealedParts {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

/** Opens what `gcmSeal` made; throws on a wrong key, a wrong `aad`, tampering or a short tag. */
export function gcmOpen(key: KeyObject | Uint8Array, parts: SealedParts, aad: string): Uint8Array {
  // parseSealed checked the lengths already; checked again so no caller can skip it.
  if (parts.iv.length !== ivBytes || parts.tag.length !== tagBytes)
    throw new Error('Sealed value refused: wrong IV or tag length');
  // authTagLength makes Node itself refuse any other tag length (it accepts 4 to 16 bytes otherwise).
  const decipher = createDecipheriv('aes-256-gcm', key, parts.iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(parts.tag);
  return new Uint8Array(Buffer.concat([decipher.update(parts.body), decipher.final()]));
}
