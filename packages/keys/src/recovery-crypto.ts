/**
 * Encryption of the recovery share, on WebCrypto (globalThis.crypto.subtle) so the same code runs in the
 * frame and in Node's tests.
 */
import { passwordVerifierLabel } from '@latchkey/protocol';
import { WrongRecoveryKeyError } from './errors.ts';

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256: a recovery password is the weakest secret in the scheme. */
const PBKDF2_ITERATIONS = 600_000;

const subtle = () => globalThis.crypto.subtle;

/** WebCrypto's types want buffers backed by a plain ArrayBuffer; a copy guarantees that. */
const plain = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

function random(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** The `privy` method's key: random, sealed by the server apart from the encrypted share. */
export function randomRecoveryKey(): Uint8Array {
  return random(KEY_BYTES);
}

/** The `user-passcode` method's salt; the server stores it, never the password or the derived key. */
export function randomSalt(): Uint8Array {
  return random(SALT_BYTES);
}

/** PBKDF2-HMAC-SHA256(password as UTF-8, salt, 600000) → 32-byte recovery key. */
export async function passwordRecoveryKey(password: string, salt: Uint8Array): Promise<Uint8Array> {
  const material = await subtle().importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: plain(salt), iterations: PBKDF2_ITERATIONS },
    material,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

function aesKey(key: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return subtle().importKey('raw', plain(key), 'AES-GCM', false, [usage]);
}

/** AES-256-GCM with a fresh 12-byte IV; the box is iv ‖ ciphertext ‖ tag. */
export async function encryptShare(share: Uint8Array, key: Uint8Array): Promise<Uint8Array> {
  // A 16- or 24-byte key would quietly select AES-128/192; the scheme is AES-256 only.
  if (key.length !== KEY_BYTES) throw new RangeError('The recovery key must be 32 bytes');
  const iv = random(IV_BYTES);
  const sealed = await subtle().encrypt(
    { name: 'AES-GCM', iv: plain(iv) },
    await aesKey(key, 'encrypt'),
    plain(share),
  );
  const box = new Uint8Array(IV_BYTES + sealed.byteLength);
  box.set(iv, 0);
  box.set(new Uint8Array(sealed), IV_BYTES);
  return box;
}

/**
 * Opens a box from encryptShare. Any failure (wrong key, wrong length, damaged or truncated box) is a
 * WrongRecoveryKeyError: GCM's tag check cannot say which, and for a password it almost always means a typo.
 */
export async function decryptShare(box: Uint8Array, key: Uint8Array): Promise<Uint8Array> {
  if (key.length !== KEY_BYTES || box.length < IV_BYTES + TAG_BYTES) throw new WrongRecoveryKeyError();
  try {
    const opened = await subtle().decrypt(
      { name: 'AES-GCM', iv: plain(box.subarray(0, IV_BYTES)) },
      await aesKey(key, 'decrypt'),
      plain(box.subarray(IV_BYTES)),
    );
    return new Uint8Array(opened);
  } catch {
    throw new WrongRecoveryKeyError();
  }
}

/**
 * What proves knowledge of a `user-passcode` wallet's password to the server: SHA-256 of a fixed label
 * and the PBKDF2 recovery key. The server keeps it (sealed) and compares; it opens nothing, and a guess
 * still costs a full PBKDF2 before it can be tried, online, against a budget.
 */
export async function passwordVerifier(recoveryKey: Uint8Array): Promise<Uint8Array> {
  const label = new TextEncoder().encode(passwordVerifierLabel);
  const input = new Uint8Array(label.length + recoveryKey.length);
  input.set(label, 0);
  input.set(recoveryKey, label.length);
  try {
    return new Uint8Array(await subtle().digest('SHA-256', input));
  } finally {
    input.fill(0);
  }
}
