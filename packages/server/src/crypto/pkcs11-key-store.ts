import { randomBytes } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import { type KeyStore, KeyStoreKeyMissing } from './key-store.ts';
import { formatSealed, ivBytes, parseSealed, tagBytes } from './sealed-value.ts';

export const pkcs11KeyStoreKind = 'kp1';

export interface Pkcs11KeyStoreOptions {
  /** Path of the PKCS#11 library. */
  module: string;
  /** The token, by label or by slot id. */
  token: { label: string } | { slot: bigint };
  /** The user PIN. */
  pin: string;
  /** Label of the AES-256 secret key object. */
  keyLabel: string;
  /** Generate the key in the token when none has the label (not when the database already uses one). */
  create: boolean;
}

type Handle = Buffer;

/**
 * One loaded, initialised library per module path, shared by the key stores of this process:
 * C_Initialize and C_Finalize are process-wide for a library, so the last store to close
 * finalizes it.
 */
const libraries = new Map<string, { pkcs11: pkcs11js.PKCS11; users: number }>();

function acquireLibrary(module: string): pkcs11js.PKCS11 {
  const loaded = libraries.get(module);
  if (loaded) {
    loaded.users++;
    return loaded.pkcs11;
  }
  const pkcs11 = new pkcs11js.PKCS11();
  pkcs11.load(module);
  // OS locking: the encrypt and decrypt calls run on libuv's worker threads.
  pkcs11.C_Initialize({ flags: pkcs11js.CKF_OS_LOCKING_OK });
  libraries.set(module, { pkcs11, users: 1 });
  return pkcs11;
}

function releaseLibrary(module: string): void {
  const loaded = libraries.get(module);
  if (!loaded || --loaded.users > 0) return;
  libraries.delete(module);
  loaded.pkcs11.C_Finalize();
  loaded.pkcs11.close();
}

/**
 * A key store whose key never leaves a PKCS#11 token (an HSM, a cloud KMS's PKCS#11 client,
 * SoftHSM2 in tests): an AES-256 secret key found by label, created when absent as a token object
 * that is sensitive and non-extractable and may only encrypt and decrypt. AES-GCM runs inside the
 * token (CKM_AES_GCM, a random 96-bit IV, a 128-bit tag, the context as additional data); this
 * process only ever sees ciphertexts and plaintexts, never the key.
 *
 * One logged-in session per store; PKCS#11 allows one operation at a time per session, so calls
 * are queued. Output: `kp1.<iv>.<tag>.<ciphertext>`.
 */
export class Pkcs11KeyStore implements KeyStore {
  readonly #options: Omit<Pkcs11KeyStoreOptions, 'pin' | 'create'>;
  readonly #pkcs11: pkcs11js.PKCS11;
  readonly #session: Handle;
  readonly #key: Handle;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(
    options: Omit<Pkcs11KeyStoreOptions, 'pin' | 'create'>,
    pkcs11: pkcs11js.PKCS11,
    session: Handle,
    key: Handle,
  ) {
    this.#options = options;
    this.#pkcs11 = pkcs11;
    this.#session = session;
    this.#key = key;
  }

  static async open(options: Pkcs11KeyStoreOptions): Promise<Pkcs11KeyStore> {
    const { pin, create, ...described } = options;
    const where = describeToken(described);
    const pkcs11 = acquireLibrary(options.module);
    let session: Handle | null = null;
    try {
      const slot = findSlot(pkcs11, options.token, where);
      session = pkcs11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
      try {
        pkcs11.C_Login(session, pkcs11js.CKU_USER, pin);
      } catch (error) {
        // Login state is per token and application: another store of this process may have logged in.
        if ((error as { code?: number }).code !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN)
          throw new Error(`PKCS#11 login to ${where} failed: ${(error as Error).message}`);
      }
      let key = findKey(pkcs11, session, options.keyLabel, where);
      if (!key) {
        if (!create) throw new KeyStoreKeyMissing(`no key labelled "${options.keyLabel}" on ${where}`);
        key = generateKey(pkcs11, session, options.keyLabel);
      }
      assertKeyUsable(pkcs11, session, key, options.keyLabel);
      return new Pkcs11KeyStore(described, pkcs11, session, key);
    } catch (error) {
      if (session) pkcs11.C_CloseSession(session);
      releaseLibrary(options.module);
      throw error;
    }
  }

  describe(): string {
    return `PKCS#11 key "${this.#options.keyLabel}" on ${describeToken(this.#options)}`;
  }

  async seal(plaintext: Uint8Array, context: string): Promise<string> {
    return this.#serial(async () => {
      const iv = randomBytes(ivBytes);
      this.#pkcs11.C_EncryptInit(this.#session, gcm(iv, context), this.#key);
      const out = await this.#pkcs11.C_EncryptAsync(
        this.#session,
        Buffer.from(plaintext),
        Buffer.alloc(plaintext.length + tagBytes),
      );
      // PKCS#11 GCM output is the ciphertext followed by the tag.
      const body = out.subarray(0, out.length - tagBytes);
      const tag = out.subarray(out.length - tagBytes);
      return formatSealed(pkcs11KeyStoreKind, { iv, tag, body });
    });
  }

  async open(sealed: string, context: string): Promise<Uint8Array> {
    // Parsed first: a tag that is not exactly 16 bytes is refused before the token sees it.
    const { iv, tag, body } = parseSealed(sealed, pkcs11KeyStoreKind);
    return this.#serial(async () => {
      this.#pkcs11.C_DecryptInit(this.#session, gcm(Buffer.from(iv), context), this.#key);
      try {
        const input = Buffer.concat([body, tag]);
        const out = await this.#pkcs11.C_DecryptAsync(this.#session, input, Buffer.alloc(input.length));
        return new Uint8Array(out);
      } catch {
        // Tokens differ in what they return for a bad tag (SoftHSM2: CKR_GENERAL_ERROR); all mean this.
        throw new Error('Sealed value did not open: wrong key or context, or tampered');
      }
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue;
    // Closing the last session of the token logs the user out.
    this.#pkcs11.C_CloseSession(this.#session);
    releaseLibrary(this.#options.module);
  }

  /** Runs one token operation at a time on the session. */
  #serial<T>(operation: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error(`The key store (${this.describe()}) is closed`));
    const run = this.#queue.then(operation, operation);
    this.#queue = run.catch(() => {});
    return run;
  }
}

function gcm(iv: Buffer, context: string): pkcs11js.Mechanism {
  // The PKCS#11 2.40 CK_GCM_PARAMS (with ulIvBits), which SoftHSM2 and current tokens take.
  const parameter: pkcs11js.GcmParams = {
    type: pkcs11js.CK_PARAMS_AES_GCM_v240,
    iv,
    ivBits: ivBytes * 8,
    aad: Buffer.from(context),
    tagBits: tagBytes * 8,
  };
  return { mechanism: pkcs11js.CKM_AES_GCM, parameter };
}

function describeToken(options: Pick<Pkcs11KeyStoreOptions, 'module' | 'token'>): string {
  const token = 'label' in options.token ? `token "${options.token.label}"` : `slot ${options.token.slot}`;
  return `${token} (${options.module})`;
}

/** A slot handle is a CK_ULONG in the library's byte order (little-endian on the platforms Node runs on). */
function slotId(handle: Handle): bigint {
  return handle.length === 8 ? handle.readBigUInt64LE() : BigInt(handle.readUInt32LE());
}

function findSlot(pkcs11: pkcs11js.PKCS11, token: Pkcs11KeyStoreOptions['token'], where: string): Handle {
  const slots = pkcs11.C_GetSlotList(true);
  const found = slots.filter((slot) =>
    'slot' in token
      ? slotId(slot) === token.slot
      : // Token labels are 32 bytes, padded with spaces.
        pkcs11.C_GetTokenInfo(slot).label.trimEnd() === token.label,
  );
  if (found.length === 0) throw new Error(`PKCS#11: no ${where} with a token present`);
  if (found.length > 1)
    throw new Error(`PKCS#11: several tokens match ${where}; name one by LATCHKEY_PKCS11_SLOT`);
  return found[0]!;
}

function keyTemplate(label: string): pkcs11js.Template {
  return [
    { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
    { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
    { type: pkcs11js.CKA_LABEL, value: label },
  ];
}

function findKey(pkcs11: pkcs11js.PKCS11, session: Handle, label: string, where: string): Handle | null {
  pkcs11.C_FindObjectsInit(session, keyTemplate(label));
  try {
    const keys = pkcs11.C_FindObjects(session, 2);
    if (keys.length > 1)
      throw new Error(`PKCS#11: several AES keys are labelled "${label}" on ${where}; keep one`);
    return keys[0] ?? null;
  } finally {
    pkcs11.C_FindObjectsFinal(session);
  }
}

/**
 * Generates the key inside the token. Replicas starting at once on a token without the key could
 * each create one: create it before scaling out (start one server first), or beforehand with the
 * token's own tools, with the attributes below.
 */
function generateKey(pkcs11: pkcs11js.PKCS11, session: Handle, label: string): Handle {
  return pkcs11.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
    ...keyTemplate(label),
    { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
    // A token object, visible only after login, whose value never leaves the token.
    { type: pkcs11js.CKA_TOKEN, value: true },
    { type: pkcs11js.CKA_PRIVATE, value: true },
    { type: pkcs11js.CKA_SENSITIVE, value: true },
    { type: pkcs11js.CKA_EXTRACTABLE, value: false },
    // Encrypt and decrypt only.
    { type: pkcs11js.CKA_ENCRYPT, value: true },
    { type: pkcs11js.CKA_DECRYPT, value: true },
    { type: pkcs11js.CKA_WRAP, value: false },
    { type: pkcs11js.CKA_UNWRAP, value: false },
    { type: pkcs11js.CKA_SIGN, value: false },
    { type: pkcs11js.CKA_VERIFY, value: false },
    { type: pkcs11js.CKA_DERIVE, value: false },
  ]);
}

/** Refuses a key (made by someone else, say) whose value could be read out, or that cannot do the job. */
function assertKeyUsable(pkcs11: pkcs11js.PKCS11, session: Handle, key: Handle, label: string): void {
  const [sensitive, extractable, encrypt, decrypt, length] = pkcs11
    .C_GetAttributeValue(session, key, [
      { type: pkcs11js.CKA_SENSITIVE },
      { type: pkcs11js.CKA_EXTRACTABLE },
      { type: pkcs11js.CKA_ENCRYPT },
      { type: pkcs11js.CKA_DECRYPT },
      { type: pkcs11js.CKA_VALUE_LEN },
    ])
    .map((attribute) => attribute.value as Buffer);
  const flag = (value: Buffer | undefined) => value?.[0] === 1;
  if (!flag(sensitive) || flag(extractable))
    throw new Error(
      `PKCS#11 key "${label}" must be sensitive and non-extractable (CKA_SENSITIVE true, CKA_EXTRACTABLE false)`,
    );
  if (!flag(encrypt) || !flag(decrypt))
    throw new Error(`PKCS#11 key "${label}" must allow encrypt and decrypt (CKA_ENCRYPT, CKA_DECRYPT)`);
  const bytes = length && length.length >= 4 ? length.readUInt32LE() : 0;
  if (bytes !== 32) throw new Error(`PKCS#11 key "${label}" must be an AES-256 key (CKA_VALUE_LEN 32)`);
}
