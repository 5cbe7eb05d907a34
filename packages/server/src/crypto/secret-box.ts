import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Derives a purpose-bound 32-byte subkey from the master key (HKDF-SHA256). */
export function deriveKey(masterKey: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', masterKey, new Uint8Array(0), `latchkey/${purpose}`, 32));
}

/**
 * Authenticated encryption at rest (AES-256-GCM). Output: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * `context` is bound as additional data so a ciphertext cannot be moved to another row.
 */
export class SecretBox {
  readonly #key: Uint8Array;

  constructor(masterKey: Uint8Array) {
    this.#key = deriveKey(masterKey, 'secret-box');
  }

  seal(plaintext: Uint8Array, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context: string): Uint8Array {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unrecognised sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
  }
}
