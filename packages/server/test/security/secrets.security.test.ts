import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AuthBody,
  dialects,
  dumpDatabase as dumpAll,
  startTestServer,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  framePost,
  randomShare,
  recoveryFields,
} from '@latchkey/test/server/frame-api';
// The wallet frame's own code drives the import, so the scan covers what the frame really sends.
import { frameDevice as walletFrameDevice } from '@latchkey/test/server/wallet-frame';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyStore } from '../../src/crypto/file-key-store.ts';
import { SecretBox } from '../../src/crypto/secret-box.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The DER prefix every PKCS#8 P-256 private key starts with, as it appears in a PEM body. */
const pkcs8P256Prefix = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg';

/**
 * After a full round of flows, no bearer secret (access, refresh and identity tokens, app
 * secrets, guest credentials, transfer nonces, custom JWTs, the admin key) appears in the logs or
 * in any stored row; what must be stored is stored hashed or encrypted.
 */
describe.each(dialects)('secrets at rest and in logs (%s)', (dialect) => {
  let t: TestServer;
  /** Every secret the flows handed out or sent, with a label for failure messages. */
  const secrets = new Map<string, string>();
  const refreshTokens: string[] = [];
  let appSecrets: string[] = [];
  let guestCredential = '';
  const transferNonces: string[] = [];
  /** The embedded wallet's entropy id, whose stored row the sealing test opens. */
  let entropyId = '';
  /** The imported private keys' labels (a subset of `secrets`). */
  const importedKeyLabels = new Set<string>();

  /** The bytes behind some labels, for the sealing test to compare with. */
  const secretsBytes = new Map<string, Uint8Array>();
  /** A directory for key files the tests make. */
  const keyDir = mkdtempSync(join(tmpdir(), 'lk-secrets-keys-'));
  /** Key material: never in a log or a row, in base64 (as it travels) or hex. */
  const rememberBytes = (label: string, bytes: Uint8Array) => {
    secretsBytes.set(label, bytes);
    secrets.set(b64(bytes), `${label} (base64)`);
    secrets.set(Buffer.from(bytes).toString('hex'), `${label} (hex)`);
    secrets.set(Buffer.from(bytes).toString('base64url'), `${label} (base64url)`);
  };

  const remember = (label: string, value: string | null | undefined) => {
    if (!value) return;
    secrets.set(value, label);
    // A JWT's signature alone is a leak too (half-logged tokens).
    const parts = value.split('.');
    if (parts.length === 3 && parts[2]!.length > 20) secrets.set(parts[2]!, `${label} (signature)`);
  };
  const rememberAuth = (label: string, body: AuthBody) => {
    remember(`${label} access token`, body.token);
    remember(`${label} refresh token`, body.refresh_token);
    remember(`${label} identity token`, body.identity_token);
    if (body.refresh_token) refreshTokens.push(body.refresh_token);
  };

  /** Every row of every table of this server's database, as text. */
  async function dumpDatabase(): Promise<{ table: string; text: string }[]> {
    const dump = await dumpAll(t);
    const names = new Set(dump.map((row) => row.table));
    for (const table of ['apps', 'users', 'sessions', 'refresh_tokens', 'signing_keys'])
      expect(names.has(table)).toBe(true);
    return dump;
  }

  beforeAll(async () => {
    t = await startTestServer(dialect);
    // The key store's own key (a file in tests) is no more in a row or a log than what it seals.
    const keyFile = (t.ctx.keyStore as FileKeyStore).path!;
    rememberBytes(
      'key store key',
      new Uint8Array(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')),
    );
    const customKeys = await generateKeyPair('ES256');
    const { app, secret, client } = await t.createApp({
      sms_auth: true,
      guest_auth: true,
      custom_jwt_auth: true,
      custom_jwt_verification_key: await exportSPKI(customKeys.publicKey),
      custom_jwt_issuer: 'https://auth.app.test',
    });
    appSecrets = [secret];
    remember('app secret', secret);
    remember('admin key', testAdminKey);

    // Email login, refresh, link a phone, read the user, accept terms.
    const login = (await client.loginWithEmail('secret-keeper@example.com')).body;
    rememberAuth('email login', login);
    const refreshed = (
      await client.post<AuthBody>('/api/v1/sessions', { refresh_token: login.refresh_token })
    ).body;
    expect(refreshed.session_update_action).toBe('set');
    rememberAuth('refresh', refreshed);
    await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+14155550142' });
    const linked = await client.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: '+14155550142', code: client.lastCode('+14155550142') },
      { token: refreshed.token },
    );
    expect(linked.status).toBe(200);
    const me = await client.request<{ identity_token: string }>('/api/v1/users/me', {
      token: refreshed.token,
    });
    remember('users/me identity token', me.body.identity_token);
    await client.post('/api/v1/users/me/accept_terms', {}, { token: refreshed.token });
    // Reuse of a rotated refresh token (logged as an incident), then logout.
    expect((await client.post('/api/v1/sessions', { refresh_token: login.refresh_token })).status).toBe(401);
    const second = (await client.loginWithEmail('secret-keeper@example.com')).body;
    rememberAuth('second login', second);
    await client.post(
      '/api/v1/sessions/logout',
      { refresh_token: second.refresh_token },
      { token: second.token },
    );
    // A bad token and a bad refresh token on the way.
    await client.request('/api/v1/users/me', { token: `${second.token}x` });
    await client.post('/api/v1/sessions', { refresh_token: `${second.refresh_token}x` });

    // Account transfer: two phone users each link an email another user owns. The first nonce is
    // left unused (it must sit in the table only as its hash); the second is redeemed.
    const smsLogin = async (phoneNumber: string) => {
      await client.post('/api/v1/passwordless_sms/init', { phoneNumber });
      const res = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
        phoneNumber,
        code: client.lastCode(phoneNumber),
      });
      rememberAuth(`sms login ${phoneNumber}`, res.body);
      return res.body;
    };
    for (const [i, phoneNumber] of ['+14155550143', '+14155550144'].entries()) {
      const giver = `giver-${i}@example.com`;
      // Not rememberAuth: the redeemed transfer deletes the giver, refresh token and all.
      const given = (await client.loginWithEmail(giver)).body;
      remember(`transfer giver ${i} access token`, given.token);
      remember(`transfer giver ${i} refresh token`, given.refresh_token);
      const taker = await smsLogin(phoneNumber);
      await client.post('/api/v1/passwordless/init', { email: giver });
      const asked = await client.post<{ data: { nonce: string } }>(
        '/api/v1/passwordless/link',
        { email: giver, code: client.lastCode(giver) },
        { token: taker.token },
      );
      expect(asked.status).toBe(400);
      transferNonces.push(asked.body.data.nonce);
      remember(`transfer nonce ${i}`, asked.body.data.nonce);
      if (i === 1) {
        const moved = await client.post(
          '/api/v1/passwordless/transfer',
          { email: giver, nonce: asked.body.data.nonce },
          { token: taker.token },
        );
        expect(moved.status).toBe(200);
      }
    }

    // Guest login, twice with the same credential.
    guestCredential = randomBytes(32).toString('base64url');
    remember('guest credential', guestCredential);
    for (let i = 0; i < 2; i++) {
      const guest = await client.post<AuthBody>('/api/v1/guest/authenticate', {
        guest_credential: guestCredential,
      });
      expect(guest.status).toBe(200);
      rememberAuth(`guest login ${i}`, guest.body);
    }

    // Custom JWT login, and a refused one.
    const customJwt = await new SignJWT({ sub: 'custom-user-1' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setIssuer('https://auth.app.test')
      .setIssuedAt(t.ctx.now())
      .setExpirationTime(t.ctx.now() + 300)
      .sign(customKeys.privateKey);
    remember('custom JWT', customJwt);
    const custom = await client.post<AuthBody>('/api/v1/custom_jwt_account/authenticate', {
      token: customJwt,
    });
    expect(custom.status).toBe(200);
    rememberAuth('custom JWT login', custom.body);
    const forged = `${customJwt.slice(0, -4)}AAAA`;
    remember('forged custom JWT', forged);
    await client.post('/api/v1/custom_jwt_account/authenticate', { token: forged });

    // An embedded wallet: create (privy), read every share back as the frame does, then move it
    // to a user password. The server may keep shares only sealed, and never log them.
    const owner = (await client.loginWithEmail('wallet-owner@example.com')).body;
    rememberAuth('wallet owner', owner);
    const wallet = await createEmbeddedWallet(t, client, owner.token, { chains: ['ethereum', 'solana'] });
    entropyId = wallet.entropyId;
    rememberBytes('auth share', wallet.authShare);
    rememberBytes('recovery key', wallet.recoveryKey!);
    rememberBytes('encrypted recovery share', wallet.encryptedRecoveryShare);
    const frame = (path: string, body: unknown) =>
      framePost(t, client, `/api/v1/embedded_wallets${path}`, body, owner.token);
    expect((await frame('/frame/auth_share', { entropy_id: entropyId })).body).toEqual({
      auth_share: b64(wallet.authShare),
      session_id: expect.any(String),
    });
    expect((await frame('/frame/recovery_share', { entropy_id: entropyId })).status).toBe(200);
    expect((await frame(`/${wallet.ethereumAddress}/recovery/key_material`, {})).body).toMatchObject({
      recovery_key: b64(wallet.recoveryKey!),
    });
    const newAuthShare = randomShare();
    const passcode = recoveryFields('user-passcode');
    rememberBytes('new auth share', newAuthShare);
    rememberBytes('new encrypted recovery share', passcode.encryptedRecoveryShare);
    const moved = await frame('/frame/set_recovery', {
      entropy_id: entropyId,
      auth_share: b64(newAuthShare),
      ...passcode.body,
    });
    expect(moved.status).toBe(200);
    // A refused read (the token without a device proof) on the way.
    await client.post(
      '/api/v1/embedded_wallets/frame/auth_share',
      { entropy_id: entropyId },
      { token: owner.token },
    );

    // Imported private keys, through the wallet frame's code: an Ethereum key (privy) and a Solana
    // keypair (password) are imported, sign, and are recovered on a second device, where they sign
    // again. The server may see their shares only; the keys must reach no row and no log.
    const importer = (await client.loginWithEmail('importer@example.com')).body;
    rememberAuth('importer', importer);
    const ethereumKey = generatePrivateKey();
    const ethereumAddress = privateKeyToAddress(ethereumKey);
    const solanaSeed = ed25519.utils.randomSecretKey();
    const solanaKeypair = new Uint8Array([...solanaSeed, ...ed25519.getPublicKey(solanaSeed)]);
    const solanaAddress = base58.encode(solanaKeypair.subarray(32));
    const rememberKey = (label: string, bytes: Uint8Array) => {
      const before = new Set(secrets.values());
      rememberBytes(label, bytes);
      for (const value of secrets.values()) if (!before.has(value)) importedKeyLabels.add(value);
    };
    rememberKey('imported Ethereum key', Buffer.from(ethereumKey.slice(2), 'hex'));
    rememberKey('imported Solana seed', solanaSeed);
    rememberKey('imported Solana keypair', solanaKeypair);
    secrets.set(base58.encode(solanaKeypair), 'imported Solana keypair (base58)');
    secrets.set(base58.encode(solanaSeed), 'imported Solana seed (base58)');
    importedKeyLabels.add('imported Solana keypair (base58)').add('imported Solana seed (base58)');
    const frameDevice = () => {
      const device = walletFrameDevice(t, app.id, () => importer.token);
      return (event: string, data: Record<string, unknown>) => device.ask(event, data);
    };
    const refs = {
      ethereum: { entropyId: ethereumAddress, entropyIdVerifier: 'ethereum-address-verifier' },
      solana: { entropyId: solanaAddress, entropyIdVerifier: 'solana-address-verifier' },
    };
    const signBoth = async (device: ReturnType<typeof frameDevice>) => {
      const signed = await device('privy:wallets:rpc', {
        ...refs.ethereum,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        request: { method: 'personal_sign', params: ['imported', ethereumAddress] },
      });
      const signature = (signed.response as { data: `0x${string}` }).data;
      expect(await verifyMessage({ address: ethereumAddress, message: 'imported', signature })).toBe(true);
      const solana = await device('privy:wallets:rpc', {
        ...refs.solana,
        chainType: 'solana',
        hdWalletIndex: 0,
        request: { method: 'signMessage', params: { message: b64(new Uint8Array([1, 2, 3])) } },
      });
      expect(solana.address).toBe(solanaAddress);
    };
    const firstDevice = frameDevice();
    expect(
      await firstDevice('privy:wallets:import', {
        privateKey: ethereumKey,
        chainType: 'ethereum',
        mode: 'on-device',
      }),
    ).toEqual({ address: ethereumAddress });
    expect(
      await firstDevice('privy:wallets:import', {
        privateKey: base58.encode(solanaKeypair),
        chainType: 'solana',
        mode: 'on-device',
        recoveryMethod: 'user-passcode',
        recoveryPassword: 'imported key password',
      }),
    ).toEqual({ address: solanaAddress });
    remember('imported key password', 'imported key password');
    await signBoth(firstDevice);
    const secondDevice = frameDevice();
    await secondDevice('privy:wallets:recover', refs.ethereum);
    await secondDevice('privy:wallets:recover', {
      ...refs.solana,
      recoveryPassword: 'imported key password',
    });
    await signBoth(secondDevice);

    // An app created over the admin API, and a server call with its secret.
    const created = await t.fetch(`/admin/v1/apps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Admin-made' }),
    });
    const adminApp = (await created.json()) as { id: string; secret: string };
    appSecrets.push(adminApp.secret);
    remember('admin-created app secret', adminApp.secret);
    const listed = await t.fetch(`/api/v1/apps/${adminApp.id}/allowlist`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${adminApp.id}:${adminApp.secret}`).toString('base64')}`,
        'privy-app-id': adminApp.id,
      },
    });
    expect(listed.status).toBe(200);
    await t.fetch(`/api/v1/apps/${app.id}/allowlist`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}x`).toString('base64')}`,
        'privy-app-id': app.id,
      },
    });
    expect(secrets.size).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await t.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  it('no secret appears in any log line', () => {
    // The flows did reach the logging paths that handle tokens (reuse incident, dev outbox).
    expect(t.logs.some((line) => line.includes('refresh token reuse'))).toBe(true);
    expect(t.logs.some((line) => line.includes('dev outbox'))).toBe(true);
    const text = t.logs.join('\n');
    const leaked = [...secrets].filter(([value]) => text.includes(value)).map(([, label]) => label);
    expect(leaked).toEqual([]);
  });

  it('no secret appears in any row of any table', async () => {
    const dump = await dumpDatabase();
    // The scan sees what is stored in place of the secrets: their hashes.
    const all = dump.map((d) => d.text).join('\n');
    expect(all).toContain(sha256(refreshTokens[0]!));
    expect(all).toContain(sha256(guestCredential));
    expect(all).toContain(sha256(appSecrets[0]!));
    expect(all).toContain(sha256(transferNonces[0]!));
    const leaks: string[] = [];
    for (const { table, text } of dump) {
      for (const [value, label] of secrets) if (text.includes(value)) leaks.push(`${label} in ${table}`);
    }
    expect(leaks).toEqual([]);
  });

  it('no imported private key appears in any row or log, in any encoding', async () => {
    expect(importedKeyLabels.size).toBe(11);
    const rows = await dumpDatabase();
    // The scan did see the imported wallets' sealed entropies and their accounts.
    const entropies = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('entropy_id')
      .where('imported', '=', 1)
      .execute();
    expect(entropies).toHaveLength(2);
    const places = [
      ...rows.map((r) => ({ where: r.table, text: r.text })),
      { where: 'logs', text: t.logs.join('\n') },
    ];
    const leaks: string[] = [];
    for (const { where, text } of places)
      for (const value of importedKeyLabels)
        if (text.includes(value)) leaks.push(`${secrets.get(value)} in ${where}`);
    expect(leaks).toEqual([]);
  });

  it('refresh tokens are stored only as their SHA-256', async () => {
    const rows = await t.ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    const stored = new Set(rows.map((r) => r.token_hash));
    expect(refreshTokens.length).toBeGreaterThan(4);
    for (const token of refreshTokens) {
      expect(stored.has(sha256(token))).toBe(true);
      expect(stored.has(token)).toBe(false);
    }
    for (const hash of stored) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the signing private keys are stored sealed by the key store, not with the master key', async () => {
    const dump = await dumpDatabase();
    for (const { table, text } of dump) {
      expect(text, table).not.toContain('PRIVATE KEY');
      expect(text, table).not.toContain(pkcs8P256Prefix);
    }
    const keys = await t.ctx.db.selectFrom('signing_keys').selectAll().execute();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      expect(key.private_key_encrypted).toMatch(/^kf1\./);
      expect(key.public_key_pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      // The key store opens it to a real private key, bound to its kid; the master key cannot: a
      // stolen database with its data dir does not mint tokens.
      const pem = new TextDecoder().decode(
        await t.ctx.keyStore.open(key.private_key_encrypted, `signing-key:${key.kid}`),
      );
      expect(pem).toContain('PRIVATE KEY');
      expect(() => t.ctx.secretBox.open(key.private_key_encrypted, `signing-key:${key.kid}`)).toThrow();
      await expect(
        t.ctx.keyStore.open(key.private_key_encrypted, 'signing-key:another-kid'),
      ).rejects.toThrow();
    }
  });

  it('embedded wallet shares are sealed, each bound to its row and role: the auth share under the master key, the recovery side under the key store', async () => {
    const row = await t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('entropy_id', '=', entropyId.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.recovery_method).toBe('user-passcode');
    expect(row.recovery_key_sealed).toBeNull();
    const stranger = new SecretBox(new Uint8Array(randomBytes(32)));
    // The auth share: the secret box (master key).
    expect(row.auth_share_sealed).toMatch(/^v1\./);
    expect(
      t.ctx.secretBox.open(row.auth_share_sealed, `embedded-auth-share:${row.id}`).length,
    ).toBeGreaterThan(0);
    expect(() => t.ctx.secretBox.open(row.auth_share_sealed, 'embedded-auth-share:another-row')).toThrow();
    expect(() => stranger.open(row.auth_share_sealed, `embedded-auth-share:${row.id}`)).toThrow();
    // The recovery share: the key store, which the master key cannot stand in for.
    expect(row.encrypted_recovery_share).toMatch(/^kf1\./);
    const context = `embedded-recovery-share:${row.id}`;
    expect(await t.ctx.keyStore.open(row.encrypted_recovery_share, context)).toEqual(
      secretsBytes.get('new encrypted recovery share'),
    );
    await expect(
      t.ctx.keyStore.open(row.encrypted_recovery_share, 'embedded-recovery-share:x'),
    ).rejects.toThrow();
    await expect(
      t.ctx.keyStore.open(row.auth_share_sealed, `embedded-auth-share:${row.id}`),
    ).rejects.toThrow();
    expect(() => t.ctx.secretBox.open(row.encrypted_recovery_share, context)).toThrow();
    const otherStore = await FileKeyStore.open(join(keyDir, 'other.key'), { create: true });
    await expect(otherStore.open(row.encrypted_recovery_share, context)).rejects.toThrow();
    // The imported Ethereum key (privy): its recovery key and share are under the key store too.
    const privy = await t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('imported', '=', 1)
      .where('recovery_method', '=', 'privy')
      .executeTakeFirstOrThrow();
    expect(privy.recovery_key_sealed).toMatch(/^kf1\./);
    expect(privy.encrypted_recovery_share).toMatch(/^kf1\./);
    expect(
      await t.ctx.keyStore.open(privy.recovery_key_sealed!, `embedded-recovery-key:${privy.id}`),
    ).toHaveLength(32);
    expect(() =>
      t.ctx.secretBox.open(privy.recovery_key_sealed!, `embedded-recovery-key:${privy.id}`),
    ).toThrow();
  });

  it('app secrets are stored only as a hash', async () => {
    const rows = await t.ctx.db.selectFrom('apps').select(['id', 'secret_hash', 'config']).execute();
    const hashes = new Set(rows.map((r) => r.secret_hash));
    for (const secret of appSecrets) {
      expect(hashes.has(sha256(secret))).toBe(true);
      for (const row of rows) {
        expect(row.secret_hash).not.toBe(secret);
        expect(row.config).not.toContain(secret);
      }
    }
  });

  it('a guest credential is stored only as its hash', async () => {
    const accounts = await t.ctx.db
      .selectFrom('linked_accounts')
      .selectAll()
      .where('type', '=', 'guest')
      .execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.identifier).toBe(sha256(guestCredential));
  });
});
