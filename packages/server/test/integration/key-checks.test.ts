import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dialects, type PersistentStorage, persistentStorage, startTestServer } from '@latchkey/test/server';
import { createEmbeddedWallet } from '@latchkey/test/server/frame-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/apps/app-service.ts';
import { FileKeyStore } from '../../src/crypto/file-key-store.ts';
import { featureMigrations } from '../../src/features.ts';
import { silentLogger } from '../../src/logger.ts';
import { createLatchkey, type LatchkeyOptions } from '../../src/server.ts';
import { openStorage } from '../../src/storage/db.ts';

const masterKeyMismatch =
  /^The master key does not match this database \(master key from the masterKey option; database /;
const keyStoreMismatch = /^The key store does not match this database \(key store /;

/**
 * A server whose master key or key store is not the one its database was set up with refuses to
 * start, with a message naming which, instead of failing every login or every recovery later.
 */
describe.each(dialects)('key check values (%s)', (dialect) => {
  let persistent: PersistentStorage;
  const keyStores: FileKeyStore[] = [];
  afterEach(async () => {
    for (const store of keyStores.splice(0)) await store.close();
    await persistent?.remove();
  });

  const keyStore = async (name: string) => {
    const store = await FileKeyStore.open(join(`${persistent.dataDir}.keys`, name), { create: true });
    keyStores.push(store);
    return store;
  };
  /** Starts (and stops) a server on the persistent database; resolves once it is closed. */
  const startAndStop = async (options: Partial<LatchkeyOptions>) => {
    const latchkey = await createLatchkey({
      ...persistent.storage,
      adminApi: false,
      log: silentLogger,
      settings: { development: true },
      ...options,
    });
    await latchkey.close();
  };
  /** Deletes a check value with the storage alone, as a database from before check values. */
  const deleteSetting = async (key: string) => {
    const storage = await openStorage(persistent.storage, featureMigrations());
    await storage.db.deleteFrom('server_settings').where('key', '=', key).execute();
    const left = await storage.db.selectFrom('server_settings').select('key').execute();
    await storage.close();
    return left.map((row) => row.key);
  };

  it('another master key on the same database refuses to start; the right one still starts', async () => {
    persistent = persistentStorage(dialect);
    const masterKey = new Uint8Array(randomBytes(32));
    const store = await keyStore('recovery.key');
    const first = await createLatchkey({
      ...persistent.storage,
      masterKey,
      keyStore: store,
      log: silentLogger,
    });
    await createApp(first.ctx, { name: 'Keys', allowedDomains: [] });
    await first.close();
    const other = new Uint8Array(randomBytes(32));
    await expect(startAndStop({ masterKey: other, keyStore: store })).rejects.toThrow(masterKeyMismatch);
    await startAndStop({ masterKey, keyStore: store });
  });

  it('a database without a master key check value is checked against a sealed signing key first', async () => {
    persistent = persistentStorage(dialect);
    const masterKey = new Uint8Array(randomBytes(32));
    const store = await keyStore('recovery.key');
    const first = await createLatchkey({
      ...persistent.storage,
      masterKey,
      keyStore: store,
      log: silentLogger,
    });
    await createApp(first.ctx, { name: 'Keys', allowedDomains: [] });
    // As a database from before check values: none stored, and its signing key sealed with the master
    // key, as signing keys were before they moved under the key store.
    const { ctx } = first;
    for (const row of await ctx.db
      .selectFrom('signing_keys')
      .select(['kid', 'private_key_encrypted'])
      .execute()) {
      const context = `signing-key:${row.kid}`;
      const pkcs8 = await ctx.keyStore.open(row.private_key_encrypted, context);
      await ctx.db
        .updateTable('signing_keys')
        .set({ private_key_encrypted: ctx.secretBox.seal(pkcs8, context) })
        .where('kid', '=', row.kid)
        .execute();
    }
    await first.close();
    expect(await deleteSetting('master_key_check')).not.toContain('master_key_check');
    // A wrong key is refused by the signing key it cannot open, and is not written down as the right one.
    await expect(
      startAndStop({ masterKey: new Uint8Array(randomBytes(32)), keyStore: store }),
    ).rejects.toThrow(masterKeyMismatch);
    await startAndStop({ masterKey, keyStore: store });
    // Now the right key's check value is stored: a wrong key is refused by it.
    await expect(
      startAndStop({ masterKey: new Uint8Array(randomBytes(32)), keyStore: store }),
    ).rejects.toThrow(masterKeyMismatch);
  });

  it('another key store on the same database refuses to start; the right one still starts', async () => {
    persistent = persistentStorage(dialect);
    const masterKey = new Uint8Array(randomBytes(32));
    const store = await keyStore('recovery.key');
    await startAndStop({ masterKey, keyStore: store });
    const other = await keyStore('other.key');
    await expect(startAndStop({ masterKey, keyStore: other })).rejects.toThrow(keyStoreMismatch);
    await expect(startAndStop({ masterKey, keyStore: other })).rejects.toThrow(
      /its check value was sealed by a file key store with another key/,
    );
    await startAndStop({ masterKey, keyStore: store });
  });

  it('a database without a key store check value is checked against a sealed recovery share first', async () => {
    persistent = persistentStorage(dialect);
    const masterKey = new Uint8Array(randomBytes(32));
    const store = await keyStore('recovery.key');
    const t = await startTestServer(dialect, { ...persistent.storage, masterKey, keyStore: store });
    const { client } = await t.createApp();
    const user = (await client.loginWithEmail('key-check@example.com')).body;
    await createEmbeddedWallet(t, client, user.token);
    await t.close();
    expect(await deleteSetting('key_store_check')).not.toContain('key_store_check');
    const other = await keyStore('other.key');
    await expect(startAndStop({ masterKey, keyStore: other })).rejects.toThrow(
      /The key store does not match this database .*its sealed recovery material does not open/,
    );
    await startAndStop({ masterKey, keyStore: store });
    await expect(startAndStop({ masterKey, keyStore: other })).rejects.toThrow(keyStoreMismatch);
  });

  it('a lost development key file is not made anew for a database that used one', async () => {
    persistent = persistentStorage(dialect);
    const masterKey = new Uint8Array(randomBytes(32));
    // No key store given: development uses the key file beside the data dir.
    await startAndStop({ masterKey, keyStore: undefined });
    const keyFile = `${persistent.dataDir}.keys/recovery.key`;
    expect(existsSync(keyFile)).toBe(true);
    rmSync(keyFile);
    await expect(startAndStop({ masterKey, keyStore: undefined })).rejects.toThrow(
      /The key store does not match this database \(key store file \S+recovery\.key \(the development default\); .*the key file \S+ does not exist/,
    );
    expect(existsSync(keyFile)).toBe(false);
  });

  it('outside development, a server with no key store configured refuses to start', async () => {
    persistent = persistentStorage(dialect);
    await expect(
      startAndStop({
        masterKey: new Uint8Array(randomBytes(32)),
        keyStore: undefined,
        settings: { development: false },
      }),
    ).rejects.toThrow(/^LATCHKEY_KEY_STORE must be set outside development/);
    expect(existsSync(`${persistent.dataDir}.keys`)).toBe(false);
  });
});
