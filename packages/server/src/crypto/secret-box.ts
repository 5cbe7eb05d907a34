import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { gcmOpen, gcmSeal } from './aes-gcm.ts';
import { formatSealed, parseSealed } from './sealed-value.ts';

/** Derives a purpose-bound 32-byte subkey from the master key (HKDF-SHA256). */
export function deriveKey(masterKey: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', masterKey, new Uint8Array(0), `latchkey/${purpose}`, 32));
}

/** The kind prefix of secret-box values (see sealed-value.ts). */
export const secretBoxKind = 'v1';

/**
 * Authenticated encryption at rest (AES-256-GCM). Output: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * `context` is bound as additional data so a ciphertext cannot be moved to another row.
 */
export class SecretBox {
  /** A KeyObject, made once (see aes-gcm.ts). */
  readonly #key: KeyObject;

  constructor(masterKey: Uint8Array) {
    this.#key = createSecretKey(deriveKey(masterKey, 'secret-box'));
  }

  seal(plaintext: Uint8Array, context: string): string {
    return formatSealed(secretBoxKind, gcmSeal(this.#key, plaintext, context));
  }

  /** Throws on a wrong key or context, tampering, or a tag that is not the full 16 bytes. */
  open(sealed: string, context: string): Uint8Array {
    return gcmOpen(this.#key, parseSealed(sealed, secretBoxKind), context);
  }
}
