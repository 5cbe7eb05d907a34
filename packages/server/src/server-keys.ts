import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { cryptoParts, type ServerContext } from './context.ts';
import {
  hasKeyStoreCheck,
  type KeyOrigins,
  keyStoreMismatch,
  verifyKeyStore,
  verifyMasterKey,
} from './crypto/key-checks.ts';
import { type KeyStore, KeyStoreKeyMissing } from './crypto/key-store.ts';
import { defaultKeyFile, type KeyStoreConfig, openConfiguredKeyStore } from './crypto/key-store-config.ts';
import { loadMasterKey } from './crypto/master-key.ts';
import { probeSigningKey, resealLegacySigningKeys } from './crypto/signing-keys.ts';
import {
  probeRecoverySealing,
  resealLegacyRecoveryMaterial,
} from './embedded-wallets/reseal-recovery-material.ts';
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
 * The server's keys, checked against the database before anything uses them: the master key (the
 * secret box, the code HMAC key) and the key store. Either one that does not match the database
 * refuses the start with a message naming it (crypto/key-checks.ts). Then recovery material and
 * signing keys still sealed the old way (with the master key) are moved under the key store.
 */
export async function openServerKeys(options: ServerKeysOptions): Promise<ServerKeys> {
  const { db } = options;
  const masterKey =
    options.masterKey ??
    loadMasterKey({ envValue: process.env.LATCHKEY_MASTER_KEY, dataDir: options.dataDir });
  const parts = cryptoParts(masterKey);
  const origins: KeyOrigins = { masterKey: masterKeyOrigin(options), database: options.database };
  await verifyMasterKey(db, masterKey, origins, () => probeSigningKey(db, parts.secretBox));

  const owned = !options.keyStore;
  const keyStore = options.keyStore ?? (await openKeyStore(options, origins));
  try {
    await verifyKeyStore(db, keyStore, origins, () => probeRecoverySealing(db, keyStore));
    const resealed = await resealLegacyRecoveryMaterial(db, { secretBox: parts.secretBox, keyStore });
    if (resealed > 0)
      options.log.info('recovery material re-sealed under the key store', {
        rows: resealed,
        key_store: keyStore.describe(),
      });
    const signing = await resealLegacySigningKeys(db, { secretBox: parts.secretBox, keyStore });
    if (signing > 0)
      options.log.info('signing keys re-sealed under the key store', {
        keys: signing,
        key_store: keyStore.describe(),
      });
  } catch (error) {
    if (owned) await keyStore.close();
    throw error;
  }
  return { ...parts, keyStore, close: owned ? () => keyStore.close() : async () => {} };
}

async function openKeyStore(options: ServerKeysOptions, origins: KeyOrigins): Promise<KeyStore> {
  // A database already set up with a key store must find its key: a new one would open nothing.
  const create = !(await hasKeyStoreCheck(options.db));
  try {
    return await openConfiguredKeyStore({
      config: options.keyStoreConfig,
      dataDir: options.dataDir,
      development: options.development,
      create,
    });
  } catch (error) {
    if (error instanceof KeyStoreKeyMissing)
      throw keyStoreMismatch(describeConfig(options), origins, error.message);
    throw error;
  }
}

function describeConfig(options: ServerKeysOptions): string {
  const config = options.keyStoreConfig;
  if (config?.kind === 'pkcs11') return `PKCS#11 key "${config.keyLabel}" (${config.module})`;
  if (config?.kind === 'file') return `file ${config.path}`;
  return `file ${defaultKeyFile(options.dataDir)} (the development default)`;
}

function masterKeyOrigin(options: ServerKeysOptions): string {
  if (options.masterKey) return 'the masterKey option';
  if (process.env.LATCHKEY_MASTER_KEY) return 'LATCHKEY_MASTER_KEY';
  if (options.dataDir === ':memory:') return 'a random key (in-memory database)';
  return join(options.dataDir, 'master.key');
}
