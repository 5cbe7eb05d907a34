import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  framePost,
  randomShare,
  recoveryFields,
} from '@latchkey/test/server/frame-api';
import {
  createSoftHsmToken,
  ensureSoftHsm,
  type SoftHsmToken,
  softhsmModule,
} from '@latchkey/test/stand-ins';
import pkcs11js from 'pkcs11js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStoreKeyMissing } from '../../src/crypto/key-store.ts';
import { Pkcs11KeyStore, type Pkcs11KeyStoreOptions } from '../../src/crypto/pkcs11-key-store.ts';

// Installs SoftHSM2 as root when it is missing, throws (failing this file) when it cannot; only a
// non-root run with LATCHKEY_SKIP_SOFTHSM=1 skips.
const available = ensureSoftHsm();

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);

/**
 * Runs `work` in a logged-in session of the test's own, independent of the store's code (the
 * store's library must be finalized first: C_Initialize is once per process).
 */
function withSession<T>(token: SoftHsmToken, work: (pkcs11: pkcs11js.PKCS11, session: Buffer) => T): T {
  const pkcs11 = new pkcs11js.PKCS11();
  pkcs11.load(softhsmModule);
  pkcs11.C_Initialize();
  try {
    const slot = pkcs11
      .C_GetSlotList(true)
      .find((s) => pkcs11.C_GetTokenInfo(s).label.trimEnd() === token.label)!;
    const session = pkcs11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
    pkcs11.C_Login(session, pkcs11js.CKU_USER, token.pin);
    try {
      return work(pkcs11, session);
    } finally {
      pkcs11.C_CloseSession(session);
    }
  } finally {
    pkcs11.C_Finalize();
    pkcs11.close();
  }
}

/** The AES keys labelled `keyLabel`, and the first one's attributes. */
function keyAttributes(token: SoftHsmToken, keyLabel: string) {
  return withSession(token, (pkcs11, session) => {
    pkcs11.C_FindObjectsInit(session, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
      { type: pkcs11js.CKA_LABEL, value: keyLabel },
    ]);
    const keys = pkcs11.C_FindObjects(session, 10);
    pkcs11.C_FindObjectsFinal(session);
    if (keys.length === 0) return { count: 0, flags: {}, valueReadable: false };
    const names = {
      token: pkcs11js.CKA_TOKEN,
      sensitive: pkcs11js.CKA_SENSITIVE,
      extractable: pkcs11js.CKA_EXTRACTABLE,
      alwaysSensitive: pkcs11js.CKA_ALWAYS_SENSITIVE,
      neverExtractable: pkcs11js.CKA_NEVER_EXTRACTABLE,
      encrypt: pkcs11js.CKA_ENCRYPT,
      decrypt: pkcs11js.CKA_DECRYPT,
      wrap: pkcs11js.CKA_WRAP,
      unwrap: pkcs11js.CKA_UNWRAP,
      sign: pkcs11js.CKA_SIGN,
      derive: pkcs11js.CKA_DERIVE,
    };
    const values = pkcs11.C_GetAttributeValue(
      session,
      keys[0]!,
      Object.values(names).map((type) => ({ type })),
    );
    const flags = Object.fromEntries(
      Object.keys(names).map((name, i) => [name, (values[i]!.value as Buffer)[0] === 1]),
    );
    let valueReadable = true;
    try {
      pkcs11.C_GetAttributeValue(session, keys[0]!, [{ type: pkcs11js.CKA_VALUE }]);
    } catch {
      valueReadable = false;
    }
    return { count: keys.length, flags, valueReadable };
  });
}

/** One token for the file, in a temporary directory of its own. */
let token: SoftHsmToken;
beforeAll(() => {
  if (!available) return;
  token = createSoftHsmToken();
  // SoftHSM2 reads its config when the library is initialised.
  process.env.SOFTHSM2_CONF = token.conf;
});
afterAll(() => token?.remove());

const open = (overrides: Partial<Pkcs11KeyStoreOptions> = {}) =>
  Pkcs11KeyStore.open({
    module: softhsmModule,
    token: { label: token.label },
    pin: token.pin,
    keyLabel: 'latchkey-recovery',
    create: true,
    ...overrides,
  });

describe.skipIf(!available)('PKCS#11 key store on SoftHSM2', () => {
  it('seals inside the token and opens under the same context only; refuses tampering and a truncated tag', async () => {
    const store = await open();
    try {
      expect(store.describe()).toBe(
        `PKCS#11 key "latchkey-recovery" on token "${token.label}" (${softhsmModule})`,
      );
      const sealed = await store.seal(bytes('recovery key'), 'embedded-recovery-key:row1');
      expect(sealed).toMatch(/^kp1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      expect(text(await store.open(sealed, 'embedded-recovery-key:row1'))).toBe('recovery key');
      // A fresh IV each time.
      expect(await store.seal(bytes('recovery key'), 'embedded-recovery-key:row1')).not.toBe(sealed);
      await expect(store.open(sealed, 'embedded-recovery-key:row2')).rejects.toThrow(/did not open/);
      const [kind, iv, tag, body] = sealed.split('.') as [string, string, string, string];
      const flipped = Buffer.from(body, 'base64url');
      flipped[0]! ^= 1;
      await expect(
        store.open([kind, iv, tag, flipped.toString('base64url')].join('.'), 'embedded-recovery-key:row1'),
      ).rejects.toThrow(/did not open/);
      const short = Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url');
      await expect(
        store.open([kind, iv, short, body].join('.'), 'embedded-recovery-key:row1'),
      ).rejects.toThrow(/tag is not 16 bytes/);
      await expect(store.open(sealed.replace(/^kp1/, 'kf1'), 'embedded-recovery-key:row1')).rejects.toThrow(
        /Unrecognised sealed value/,
      );
      // The session is still usable after refused operations, and queues concurrent ones.
      const many = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.seal(bytes(`value ${i}`), `ctx:${i}`)),
      );
      const opened = await Promise.all(many.map((value, i) => store.open(value, `ctx:${i}`)));
      expect(opened.map(text)).toEqual(Array.from({ length: 20 }, (_, i) => `value ${i}`));
    } finally {
      await store.close();
    }
  });

  it('creates the key once, as a sensitive, non-extractable, encrypt/decrypt-only token object', async () => {
    const store = await open({ keyLabel: 'attributes-check' });
    await store.close();
    const { count, flags, valueReadable } = keyAttributes(token, 'attributes-check');
    expect(count).toBe(1);
    expect(flags).toEqual({
      token: true,
      sensitive: true,
      extractable: false,
      alwaysSensitive: true,
      neverExtractable: true,
      encrypt: true,
      decrypt: true,
      wrap: false,
      unwrap: false,
      sign: false,
      derive: false,
    });
    expect(valueReadable).toBe(false);
  });

  it('after the library is finalized, a new session finds the same key and opens what the first sealed', async () => {
    const first = await open({ keyLabel: 'reopen' });
    const sealed = await first.seal(bytes('kept'), 'ctx');
    await first.close();
    await expect(first.seal(bytes('x'), 'ctx')).rejects.toThrow(/closed/);
    // Nothing of the first store is left in this process: C_Finalize ran, a new C_Initialize follows.
    const second = await open({ keyLabel: 'reopen', create: false });
    try {
      expect(text(await second.open(sealed, 'ctx'))).toBe('kept');
    } finally {
      await second.close();
    }
    expect(keyAttributes(token, 'reopen').count).toBe(1);
  });

  it('two stores on one token share the library; closing one leaves the other working', async () => {
    const one = await open({ keyLabel: 'shared' });
    const two = await open({ keyLabel: 'shared' });
    const sealed = await one.seal(bytes('both'), 'ctx');
    await one.close();
    expect(text(await two.open(sealed, 'ctx'))).toBe('both');
    await two.close();
  });

  it('refuses an existing key whose value could be read out', async () => {
    withSession(token, (pkcs11, session) =>
      pkcs11.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
        { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
        { type: pkcs11js.CKA_LABEL, value: 'extractable' },
        { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
        { type: pkcs11js.CKA_TOKEN, value: true },
        { type: pkcs11js.CKA_PRIVATE, value: true },
        { type: pkcs11js.CKA_SENSITIVE, value: false },
        { type: pkcs11js.CKA_EXTRACTABLE, value: true },
        { type: pkcs11js.CKA_ENCRYPT, value: true },
        { type: pkcs11js.CKA_DECRYPT, value: true },
      ]),
    );
    await expect(open({ keyLabel: 'extractable' })).rejects.toThrow(/must be sensitive and non-extractable/);
  });

  it('without create, a token lacking the key is refused and no key is made', async () => {
    await expect(open({ keyLabel: 'absent', create: false })).rejects.toBeInstanceOf(KeyStoreKeyMissing);
    expect(keyAttributes(token, 'absent').count).toBe(0);
  });

  it('a wrong PIN or an unknown token is refused, and the PIN is never in the message', async () => {
    const wrongPin = open({ pin: '999999' });
    await expect(wrongPin).rejects.toThrow(/login to token "latchkey-test".*CKR_PIN_INCORRECT/);
    await expect(wrongPin).rejects.not.toThrow(/999999|123456/);
    await expect(open({ token: { label: 'no-such-token' } })).rejects.toThrow(/no token "no-such-token"/);
    // The failed opens released the library: a good one still works.
    const store = await open();
    await store.close();
  });
});

describe.skipIf(!available).each(dialects)('a server on the PKCS#11 key store (%s)', (dialect) => {
  let keyStore: Pkcs11KeyStore;
  let t: TestServer;
  beforeAll(async () => {
    keyStore = await open({ keyLabel: `server-${dialect}` });
    t = await startTestServer(dialect, { keyStore });
  });
  afterAll(async () => {
    await t?.close();
    await keyStore?.close();
  });

  it('creates an embedded wallet and serves its recovery share and key, sealed inside the token', async () => {
    const { client } = await t.createApp();
    const user = (await client.loginWithEmail('hsm@example.com')).body;
    const wallet = await createEmbeddedWallet(t, client, user.token, { method: 'privy' });
    const frame = (path: string, body: unknown) =>
      framePost(t, client, `/api/v1/embedded_wallets${path}`, body, user.token);

    const share = await frame('/frame/recovery_share', { entropy_id: wallet.entropyId });
    expect(share).toMatchObject({
      status: 200,
      body: { recovery_method: 'privy', encrypted_recovery_share: b64(wallet.encryptedRecoveryShare) },
    });
    const material = await frame(`/${wallet.ethereumAddress}/recovery/key_material`, {});
    expect(material).toMatchObject({ status: 200, body: { recovery_key: b64(wallet.recoveryKey!) } });

    const row = await t.ctx.db
      .selectFrom('wallet_entropies')
      .selectAll()
      .where('entropy_id', '=', wallet.entropyId.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.auth_share_sealed).toMatch(/^v1\./);
    expect(row.encrypted_recovery_share).toMatch(/^kp1\./);
    expect(row.recovery_key_sealed).toMatch(/^kp1\./);
    const check = await t.ctx.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', 'key_store_check')
      .executeTakeFirstOrThrow();
    expect(check.value).toMatch(/^kp1\./);

    // A change of recovery method re-seals the new material in the token too.
    const passcode = recoveryFields('user-passcode');
    const moved = await frame('/frame/set_recovery', {
      entropy_id: wallet.entropyId,
      auth_share: b64(randomShare()),
      ...passcode.body,
    });
    expect(moved.status).toBe(200);
    const after = await frame('/frame/recovery_share', {
      entropy_id: wallet.entropyId,
      password_verifier: b64(passcode.passwordVerifier!),
    });
    expect(after.body).toMatchObject({
      recovery_method: 'user-passcode',
      encrypted_recovery_share: b64(passcode.encryptedRecoveryShare),
    });
  });
});
