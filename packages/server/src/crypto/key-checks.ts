import { createSecretKey } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { constantTimeEqual, hmacHex } from './hash.ts';
import type { KeyStore } from './key-store.ts';
import { describeKind, sealedKind } from './sealed-value.ts';
import { deriveKey } from './secret-box.ts';

/**
 * Key check values in `server_settings`: each start proves its master key and its key store are
 * the ones the database was set up with, and refuses to start with a message that names the key
 * otherwise. Without them, a server started on another data dir or key (an app created by a CLI
 * with another --data-dir, a lost key file, the wrong HSM token) starts fine and then fails every
 * login or every recovery with a 500.
 */
const masterKeyCheck = 'master_key_check';
const keyStoreCheck = 'key_store_check';
const keyStoreCheckContext = 'latchkey/key-store-check';
const keyStoreCheckText = 'latchkey key store check';

/**
 * What an existing sealed row says about a key, for a database set up before check values
 * existed: `opens`, `fails`, or `none` when there is no such row to try.
 */
export type KeyProbe = () => Promise<'opens' | 'fails' | 'none'>;

/** Where the keys and the database come from, for messages. */
export interface KeyOrigins {
  /** `LATCHKEY_MASTER_KEY`, `<data-dir>/master.key` or `the masterKey option`. */
  masterKey: string;
  /** `SQLite <file>` or `PostgreSQL (DATABASE_URL)`. */
  database: string;
}

/** The master key's check value: an HMAC of a fixed label under a key derived for this purpose only. */
function masterKeyCheckValue(masterKey: Uint8Array): string {
  return hmacHex(createSecretKey(deriveKey(masterKey, 'master-key-check')), 'latchkey master key check');
}

function masterKeyMismatch(origins: KeyOrigins): Error {
  return new Error(
    `The master key does not match this database (master key from ${origins.masterKey}; database ${origins.database}): ` +
      'the database was set up with another master key, and its sealed signing keys and wallet shares would not open. ' +
      'Start with the master key it was created with (LATCHKEY_MASTER_KEY, or the --data-dir holding its master.key).',
  );
}

/**
 * Compares the master key with the database's check value, writing it on first start. A database
 * without one (set up before check values) is first tried against one of its sealed rows, so a
 * wrong key is never written down as the right one.
 */
export async function verifyMasterKey(
  db: Kysely<Database>,
  masterKey: Uint8Array,
  origins: KeyOrigins,
  probe: KeyProbe,
): Promise<void> {
  const expected = masterKeyCheckValue(masterKey);
  let stored = await readSetting(db, masterKeyCheck);
  if (stored === undefined) {
    if ((await probe()) === 'fails') throw masterKeyMismatch(origins);
    // Replicas starting at once on a new database: one check value wins, the others compare with it.
    stored = await writeSetting(db, masterKeyCheck, expected);
  }
  if (!constantTimeEqual(stored, expected)) throw masterKeyMismatch(origins);
}

/** Whether the database was set up with a key store (then a missing key must not be created anew). */
export async function hasKeyStoreCheck(db: Kysely<Database>): Promise<boolean> {
  return (await readSetting(db, keyStoreCheck)) !== undefined;
}

export function keyStoreMismatch(keyStore: string, origins: KeyOrigins, reason: string): Error {
  return new Error(
    `The key store does not match this database (key store ${keyStore}; database ${origins.database}): ${reason}. ` +
      'Start with the key store the database was set up with (LATCHKEY_KEY_STORE and its LATCHKEY_PKCS11_* ' +
      "settings, or the development key file beside the data dir): with another key no wallet's recovery material would open.",
  );
}

/**
 * The key store's check value is a fixed text sealed by the key store (its key never leaves it, so
 * no HMAC of it can be computed here): it must open. Written on first start, after trying an
 * existing sealed row like `verifyMasterKey`.
 */
export async function verifyKeyStore(
  db: Kysely<Database>,
  keyStore: KeyStore,
  origins: KeyOrigins,
  probe: KeyProbe,
): Promise<void> {
  let stored = await readSetting(db, keyStoreCheck);
  if (stored === undefined) {
    if ((await probe()) === 'fails')
      throw keyStoreMismatch(keyStore.describe(), origins, 'its sealed recovery material does not open');
    stored = await writeSetting(
      db,
      keyStoreCheck,
      await keyStore.seal(new TextEncoder().encode(keyStoreCheckText), keyStoreCheckContext),
    );
  }
  let opened: string | null = null;
  try {
    opened = new TextDecoder().decode(await keyStore.open(stored, keyStoreCheckContext));
  } catch {}
  if (opened !== keyStoreCheckText)
    throw keyStoreMismatch(
      keyStore.describe(),
      origins,
      `its check value was sealed by ${describeKind(sealedKind(stored))} with another key`,
    );
}

async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Inserts the value unless another process did first; returns whichever is stored. */
async function writeSetting(db: Kysely<Database>, key: string, value: string): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key))!;
}
