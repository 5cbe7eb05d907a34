import { randomBytes } from 'node:crypto';
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
  readonly #key: Uint8Array;
  #closed = false;

  private constructor(path: string | null, key: Uint8Array) {
    this.path = path;
    this.#key = key;
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
    this.#assertOpen();
    return formatSealed(fileKeyStoreKind, gcmSeal(this.#key, plaintext, context));
  }

  async open(sealed: string, context: string): Promise<Uint8Array> {
    this.#assertOpen();
    return gcmOpen(this.#key, parseSealed(sealed, fileKeyStoreKind), context);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#key.fill(0);
  }

  // The key is zeroed on close: sealing with what is left would be sealing under all zeros.
  #assertOpen(): void {
    if (this.#closed) throw new Error(`The key store (${this.describe()}) is closed`);
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
