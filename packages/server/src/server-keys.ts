import type { Kysely } from 'kysely';
import { cryptoParts, type ServerContext } from './context.ts';
import type { KeyStore } from './crypto/key-store.ts';
import { type KeyStoreConfig, openConfiguredKeyStore } from './crypto/key-store-config.ts';
import { loadMasterKey } from './crypto/master-key.ts';
import { resealLegacyRecoveryMaterial } from './embedded-wallets/reseal-recovery-material.ts';
import type { Logger } from './logger.ts';
import type { Database } from './storage/schema.ts';

export interface ServerKeysOptions {
  db: Kysely<Database>;
  /** Given: used as is. Else `LATCHKEY_MASTER_KEY`, else the data dir's key file. */
  masterKey?: Uint8Array | undefined;
  /** Given: used as is, and left open on close (the caller's). Else opened from `keyStoreConfig`. */
  keyStore?: KeyStore | undefined;
  keyStoreConfig?: KeyStoreConfig | null | undefined;
  dataDir: string;
  /** For messages: `SQLite <file>` or `PostgreSQL (DATABASE_URL)`. */
  database: string;
  development: boolean;
  log: Logger;
}

export type ServerKeys = Pick<ServerContext, 'secretBox' | 'codeKey' | 'keyStore'> & {
  /** Closes the key store if it was opened here. */
  close(): Promise<void>;
};

/**
 * The server's keys: the master key (the secret box, the code HMAC key) and the key store. Then
 * recovery material still sealed the old way is moved under the key store.
 */
export async function openServerKeys(options: ServerKeysOptions): Promise<ServerKeys> {
  const { db } = options;
  const masterKey =
    options.masterKey ??
    loadMasterKey({ envValue: process.env.LATCHKEY_MASTER_KEY, dataDir: options.dataDir });
  const parts = cryptoParts(masterKey);

  const owned = !options.keyStore;
  const keyStore =
    options.keyStore ??
    (await openConfiguredKeyStore({
      config: options.keyStoreConfig,
      dataDir: options.dataDir,
      development: options.development,
      create: true,
    }));
  try {
    const resealed = await resealLegacyRecoveryMaterial(db, { secretBox: parts.secretBox, keyStore });
    if (resealed > 0)
      options.log.info('recovery material re-sealed under the key store', {
        rows: resealed,
        key_store: keyStore.describe(),
      });
  } catch (error) {
    if (owned) await keyStore.close();
    throw error;
  }
  return { ...parts, keyStore, close: owned ? () => keyStore.close() : async () => {} };
}
