import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gcmOpen, gcmSeal } from './aes-gcm.ts';
import { type KeyStore, KeyStoreKeyMissing } from './key-store.ts';
import { formatSealed, parseSealed } from './sealed-value.ts';

export const fileKeyStoreKind = 'kf1';

/**
 * A key store whose AES-256 key is a file (32 random bytes, base64), for development and for
 * deployments that mount a secret file from elsewhere. The key is in this process's memory, unlike
 * PKCS#11's; what it buys is that the file is not in the data dir, so a copy of the data dir and
 * the database does not include it (key-store-config.ts refuses a path inside the data dir).
 */
export class FileKeyStore implements KeyStore {
  /** The key file; null for an ephemeral key. */
  readonly path: string | null;
  readonly #bytes: Uint8Array;
  /**
   * The same key as a KeyObject, made once (aes-gcm.ts): given bytes, every seal and open would cost
   * Node's key-type checks two exceptions, about a tenth of a server-wallet signature's CPU.
   */
  #key: KeyObject | null;
  #closed = false;

  private constructor(path: string | null, key: Uint8Array) {
    this.path = path;
    this.#bytes = key;
    this.#key = createSecretKey(key);
  }

  /**
   * Reads the key file, or creates it (owner-only, in an owner-only directory) when it is missing
   * and `create` allows: a database that already holds values sealed by a key store must not be
   * handed a new, empty key.
   */
  static async open(path: string, options: { create: boolean }): Promise<FileKeyStore> {
    return new FileKeyStore(path, readOrCreateKey(path, options.create));
  }

  /**
   * A key in memory only, for a development server whose database is in memory too: both are gone
   * when the process ends, so there is nothing to keep.
   */
  static ephemeral(): FileKeyStore {
    return new FileKeyStore(null, new Uint8Array(randomBytes(32)));
  }

  describe(): string {
    return this.path === null ? 'an ephemeral in-memory key' : `file ${this.path}`;
  }

  async seal(plaintext: Uint8Array, context: string): Promise<string> {
    return formatSealed(fileKeyStoreKind, gcmSeal(this.#openKey(), plaintext, context));
  }

  async open(sealed: string, context: string): Promise<Uint8Array> {
    return gcmOpen(this.#openKey(), parseSealed(sealed, fileKeyStoreKind), context);
  }

  /** Zeroes our bytes and drops the KeyObject (its copy is Node's, freed when collected). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#bytes.fill(0);
    this.#key = null;
  }

  // The key is gone on close: nothing seals or opens with it after.
  #openKey(): KeyObject {
    if (this.#closed || !this.#key) throw new Error(`The key store (${this.describe()}) is closed`);
    return this.#key;
  }
}

function readOrCreateKey(path: string, create: boolean): Uint8Array {
  try {
    return readKey(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!create) throw new KeyStoreKeyMissing(`the key file ${path} does not exist`);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Written to a temporary name and linked into place: link() fails if the file exists, so two
  // processes starting at once on a new key never read a half-written file or overwrite each other.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readKey(path);
}

function readKey(path: string): Uint8Array {
  const text = readFileSync(path, 'utf8');
  // Like ssh with a private key: a key file others can read is refused rather than used.
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0)
    throw new Error(`The key file ${path} must be readable by its owner only (chmod 600)`);
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`The key file ${path} must hold 32 bytes, base64-encoded`);
  return new Uint8Array(key);
}
