/**
 * Where the key that seals recovery material lives: not beside the database and the master key, so
 * a stolen backup of both (the database plus its data dir) does not rebuild users' keys. A local
 * file outside the data dir in development (file-key-store.ts), a PKCS#11 token in production
 * (pkcs11-key-store.ts: an HSM or a cloud KMS; SoftHSM2 in tests).
 *
 * Sealed values are `<kind>.<iv>.<tag>.<ciphertext>` (sealed-value.ts) with a kind of their own
 * (`kf1`, `kp1`), never the secret box's `v1`, so the two can never be confused.
 */
export interface KeyStore {
  /** What and where the key is, for messages (`file /etc/latchkey/recovery.key`); never secret. */
  describe(): string;
  /** AES-256-GCM with `context` bound as additional data (like `SecretBox`): a value opens under that context only. */
  seal(plaintext: Uint8Array, context: string): Promise<string>;
  /** Throws on a wrong key or context, tampering, or a tag that is not exactly 16 bytes. */
  open(sealed: string, context: string): Promise<Uint8Array>;
  /** Releases the key (and, for PKCS#11, the session and the library); the store is unusable after. */
  close(): Promise<void>;
}

/** The key store's key was not found and the caller did not allow creating one. */
export class KeyStoreKeyMissing extends Error {}
