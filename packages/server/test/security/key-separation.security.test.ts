import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dialects,
  persistentStorage,
  startTestServer,
  type TestServer,
  testClient,
} from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  framePost,
  randomShare,
  recoveryFields,
} from '@latchkey/test/server/frame-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyStore } from '../../src/crypto/file-key-store.ts';
import type { KeyStore } from '../../src/crypto/key-store.ts';
import { SecretBox } from '../../src/crypto/secret-box.ts';
import {
  contexts,
  type EntropyRow,
  openAuthShare,
  openEncryptedRecoveryShare,
  openRecoveryKey,
  replaceShares,
} from '../../src/embedded-wallets/entropy-store.ts';
import { resealLegacyRecoveryMaterial } from '../../src/embedded-wallets/reseal-recovery-material.ts';

/**
 * The threat: a stolen database backup together with its data dir (so the master key, from
 * `master.key` or `LATCHKEY_MASTER_KEY`). With the recovery side sealed by the key store, that is
 * one share (the auth share) and no more: the `privy` recovery key and every recovery share stay
 * closed, so no wallet key can be rebuilt and no password guessed offline.
 */
describe.each(dialects)('a stolen database backup plus its data dir (%s)', (dialect) => {
  let t: TestServer;
  const masterKey = new Uint8Array(randomBytes(32));
  const keyDir = mkdtempSync(join(tmpdir(), 'lk-thief-'));

  beforeAll(async () => {
    t = await startTestServer(dialect, { masterKey });
  });
  afterAll(async () => {
    await t.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  const entropyRow = (entropyId: string): Promise<EntropyRow> =>
    t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('entropy_id', '=', entropyId.toLowerCase())
      .executeTakeFirstOrThrow();

  it('no longer rebuilds a privy wallet: the master key opens the auth share only; the key store opens the rest', async () => {
    const { client } = await t.createApp();
    const user = (await client.loginWithEmail('stolen-backup@example.com')).body;
    const wallet = await createEmbeddedWallet(t, client, user.token, { method: 'privy' });
    // What the thief has: the rows, and a secret box made from the data dir's master key.
    const row = await entropyRow(wallet.entropyId);
    const thiefBox = new SecretBox(masterKey);
    // Another key store is all a guess can give them.
    const guessedStore = await FileKeyStore.open(join(keyDir, 'guess.key'), { create: true });
    const thief = { secretBox: thiefBox, keyStore: guessedStore };

    expect(openAuthShare(thiefBox, row)).toEqual(wallet.authShare);
    expect(() => thiefBox.open(row.recovery_key_sealed!, contexts.recoveryKey(row.id))).toThrow();
    expect(() => thiefBox.open(row.encrypted_recovery_share, contexts.recoveryShare(row.id))).toThrow();
    await expect(openRecoveryKey(thief, row)).rejects.toThrow();
    await expect(openEncryptedRecoveryShare(thief, row)).rejects.toThrow();

    // With the key store (the server, or a thief who also took the HSM), they open.
    const server = { secretBox: thiefBox, keyStore: t.ctx.keyStore };
    expect(await openRecoveryKey(server, row)).toEqual(wallet.recoveryKey);
    expect(await openEncryptedRecoveryShare(server, row)).toEqual(wallet.encryptedRecoveryShare);
  });

  it('a user-passcode recovery share cannot be taken out for offline password guessing', async () => {
    const { client } = await t.createApp();
    const user = (await client.loginWithEmail('stolen-passcode@example.com')).body;
    const wallet = await createEmbeddedWallet(t, client, user.token, { method: 'user-passcode' });
    const row = await entropyRow(wallet.entropyId);
    const thiefBox = new SecretBox(masterKey);
    expect(row.recovery_key_derivation_salt).toBe(b64(wallet.salt!));
    expect(() => thiefBox.open(row.encrypted_recovery_share, contexts.recoveryShare(row.id))).toThrow();
    expect(await openEncryptedRecoveryShare({ secretBox: thiefBox, keyStore: t.ctx.keyStore }, row)).toEqual(
      wallet.encryptedRecoveryShare,
    );
  });
});

/**
 * Databases from before the key store hold recovery material sealed with the secret box (`v1.`):
 * it keeps opening, and the next start moves it under the key store, once.
 */
describe.each(dialects)('recovery material sealed before the key store (%s)', (dialect) => {
  const persistent = persistentStorage(dialect);
  const masterKey = new Uint8Array(randomBytes(32));
  let keyStore: FileKeyStore;

  beforeAll(async () => {
    keyStore = await FileKeyStore.open(join(`${persistent.dataDir}.keys`, 'recovery.key'), { create: true });
  });
  afterAll(async () => {
    await keyStore.close();
    await persistent.remove();
  });

  const start = () => startTestServer(dialect, { ...persistent.storage, masterKey, keyStore });

  it('still opens, and the next start re-seals it under the key store once', async () => {
    const first = await start();
    const { app, secret, client } = await first.createApp();
    const user = (await client.loginWithEmail('legacy@example.com')).body;
    const wallet = await createEmbeddedWallet(first, client, user.token, { method: 'privy' });
    const select = () =>
      first.ctx.db
        .selectFrom('wallet_entropies')
        .selectAll()
        .where('entropy_id', '=', wallet.entropyId.toLowerCase())
        .executeTakeFirstOrThrow();
    // Rewrite the row as the server did before the key store: everything under the secret box.
    const row = await select();
    await first.ctx.db
      .updateTable('wallet_entropies')
      .set({
        encrypted_recovery_share: first.ctx.secretBox.seal(
          wallet.encryptedRecoveryShare,
          contexts.recoveryShare(row.id),
        ),
        recovery_key_sealed: first.ctx.secretBox.seal(wallet.recoveryKey!, contexts.recoveryKey(row.id)),
      })
      .where('id', '=', row.id)
      .execute();
    const legacy = await select();
    expect(legacy.encrypted_recovery_share).toMatch(/^v1\./);
    expect(legacy.recovery_key_sealed).toMatch(/^v1\./);

    /** The frame reads the recovery share and the recovery key back from `server`. */
    const readBack = async (server: TestServer) => {
      const frameClient = testClient(server, app.id, secret);
      const share = await framePost(
        server,
        frameClient,
        '/api/v1/embedded_wallets/frame/recovery_share',
        { entropy_id: wallet.entropyId },
        user.token,
      );
      const material = await framePost(
        server,
        frameClient,
        `/api/v1/embedded_wallets/${wallet.ethereumAddress}/recovery/key_material`,
        {},
        user.token,
      );
      expect(share.body.encrypted_recovery_share).toBe(b64(wallet.encryptedRecoveryShare));
      expect(material.body.recovery_key).toBe(b64(wallet.recoveryKey!));
    };
    // The running server reads the old form.
    await readBack(first);
    await first.close();

    const second = await start();
    const resealed = await second.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(resealed.encrypted_recovery_share).toMatch(/^kf1\./);
    expect(resealed.recovery_key_sealed).toMatch(/^kf1\./);
    // The auth share stays under the master key.
    expect(resealed.auth_share_sealed).toBe(legacy.auth_share_sealed);
    expect(second.logs.filter((line) => line.includes('re-sealed under the key store'))).toEqual([
      expect.stringContaining('"rows":1'),
    ]);
    await readBack(second);
    await second.close();

    // Once: the next start finds nothing to do and leaves the values as they are.
    const third = await start();
    const again = await third.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual(resealed);
    expect(third.logs.some((line) => line.includes('re-sealed'))).toBe(false);
    await readBack(third);
    await third.close();
  });
  it('a signing key sealed with the master key still signs, and the next start moves it under the key store', async () => {
    const first = await start();
    const { app, client } = await first.createApp();
    const context = (kid: string) => `signing-key:${kid}`;
    const keyOf = () =>
      first.ctx.db
        .selectFrom('signing_keys')
        .selectAll()
        .where('app_id', '=', app.id)
        .executeTakeFirstOrThrow();
    const current = await keyOf();
    expect(current.private_key_encrypted).toMatch(/^kf1\./);
    // A thief with the rows and the master key: the private key does not open, no token is minted.
    expect(() =>
      new SecretBox(masterKey).open(current.private_key_encrypted, context(current.kid)),
    ).toThrow();
    // As the server stored it before signing keys moved: under the master key.
    const pkcs8 = await keyStore.open(current.private_key_encrypted, context(current.kid));
    await first.ctx.db
      .updateTable('signing_keys')
      .set({ private_key_encrypted: first.ctx.secretBox.seal(pkcs8, context(current.kid)) })
      .where('kid', '=', current.kid)
      .execute();
    first.ctx.signingKeys.forget(app.id);
    expect((await client.loginWithEmail('legacy-signing@example.com')).status).toBe(200);
    await first.close();

    const second = await start();
    const resealed = await second.ctx.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('kid', '=', current.kid)
      .executeTakeFirstOrThrow();
    expect(resealed.private_key_encrypted).toMatch(/^kf1\./);
    expect(second.logs.filter((line) => line.includes('signing keys re-sealed'))).toEqual([
      expect.stringContaining('"keys":1'),
    ]);
    const again = testClient(second, app.id, '');
    const login = await again.loginWithEmail('legacy-signing@example.com');
    expect(login.status).toBe(200);
    expect((await again.request('/api/v1/users/me', { token: login.body.token })).status).toBe(200);
    await second.close();
  });

  it('a recovery that replaces the material while it is being re-sealed is not overwritten', async () => {
    const t = await startTestServer(dialect, { masterKey });
    try {
      const { client } = await t.createApp();
      const user = (await client.loginWithEmail('race@example.com')).body;
      const wallet = await createEmbeddedWallet(t, client, user.token, { method: 'privy' });
      const row = await t.ctx.db
        .selectFrom('wallet_entropies')
        .selectAll()
        .where('entropy_id', '=', wallet.entropyId.toLowerCase())
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('wallet_entropies')
        .set({
          encrypted_recovery_share: t.ctx.secretBox.seal(
            wallet.encryptedRecoveryShare,
            contexts.recoveryShare(row.id),
          ),
          recovery_key_sealed: t.ctx.secretBox.seal(wallet.recoveryKey!, contexts.recoveryKey(row.id)),
        })
        .where('id', '=', row.id)
        .execute();
      // While the re-seal is under way, a recovery stores new material (under the key store).
      const replacement = recoveryFields('user-passcode');
      let raced = false;
      const racing: KeyStore = {
        describe: () => t.ctx.keyStore.describe(),
        close: async () => {},
        open: (sealed, context) => t.ctx.keyStore.open(sealed, context),
        async seal(plaintext, context) {
          if (!raced) {
            raced = true;
            const material = {
              method: 'user-passcode' as const,
              encryptedRecoveryShare: replacement.encryptedRecoveryShare,
              recoveryKey: null,
              salt: replacement.salt,
              passwordVerifier: replacement.passwordVerifier,
            };
            await replaceShares(t.ctx.db, t.ctx, row.id, randomShare(), material, t.ctx.now());
          }
          return t.ctx.keyStore.seal(plaintext, context);
        },
      };
      expect(
        await resealLegacyRecoveryMaterial(t.ctx.db, { secretBox: t.ctx.secretBox, keyStore: racing }),
      ).toBe(0);
      const after = await t.ctx.db
        .selectFrom('wallet_entropies')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(after.recovery_method).toBe('user-passcode');
      expect(after.recovery_key_sealed).toBeNull();
      expect(await openEncryptedRecoveryShare(t.ctx, after)).toEqual(replacement.encryptedRecoveryShare);
    } finally {
      await t.close();
    }
  });
});
