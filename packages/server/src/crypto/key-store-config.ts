import { isAbsolute, relative, resolve } from 'node:path';
import { FileKeyStore } from './file-key-store.ts';
import type { KeyStore } from './key-store.ts';

/** `LATCHKEY_KEY_STORE` and its `LATCHKEY_PKCS11_*` companions, parsed. */
export type KeyStoreConfig =
  | { kind: 'file'; path: string }
  | {
      kind: 'pkcs11';
      /** The PKCS#11 library (`/usr/lib/softhsm/libsofthsm2.so`, a vendor's HSM or KMS client). */
      module: string;
      /** The token, by label or by slot id (one of the two). */
      token: { label: string } | { slot: bigint };
      /** The user PIN. */
      pin: string;
      /** The label of the AES key object in the token. */
      keyLabel: string;
    };

export const defaultPkcs11KeyLabel = 'latchkey-recovery';

const usage =
  'LATCHKEY_KEY_STORE must be file:<path> (a key file outside the data dir) or pkcs11 (with ' +
  'LATCHKEY_PKCS11_MODULE, LATCHKEY_PKCS11_TOKEN_LABEL or LATCHKEY_PKCS11_SLOT, LATCHKEY_PKCS11_PIN ' +
  `and optionally LATCHKEY_PKCS11_KEY_LABEL, default ${defaultPkcs11KeyLabel})`;

/** Reads the key store from the environment; null when `LATCHKEY_KEY_STORE` is unset. */
export function keyStoreConfigFromEnv(env: NodeJS.ProcessEnv = process.env): KeyStoreConfig | null {
  const value = env.LATCHKEY_KEY_STORE;
  if (!value) return null;
  if (value.startsWith('file:')) {
    const path = value.slice('file:'.length);
    if (!path) throw new Error(usage);
    return { kind: 'file', path: resolve(path) };
  }
  if (value !== 'pkcs11') throw new Error(usage);
  const module = env.LATCHKEY_PKCS11_MODULE;
  const label = env.LATCHKEY_PKCS11_TOKEN_LABEL;
  const slot = env.LATCHKEY_PKCS11_SLOT;
  const pin = env.LATCHKEY_PKCS11_PIN;
  if (!module) throw new Error(`LATCHKEY_PKCS11_MODULE must be set: ${usage}`);
  if (!label === !slot)
    throw new Error(`Set one of LATCHKEY_PKCS11_TOKEN_LABEL and LATCHKEY_PKCS11_SLOT: ${usage}`);
  if (slot !== undefined && !/^\d{1,20}$/.test(slot))
    throw new Error('LATCHKEY_PKCS11_SLOT must be a slot id (a decimal number)');
  if (!pin) throw new Error(`LATCHKEY_PKCS11_PIN must be set: ${usage}`);
  return {
    kind: 'pkcs11',
    module,
    token: label ? { label } : { slot: BigInt(slot!) },
    pin,
    keyLabel: env.LATCHKEY_PKCS11_KEY_LABEL || defaultPkcs11KeyLabel,
  };
}

/**
 * The development key file: `<data-dir>.keys/recovery.key`, a sibling of the data dir. Not inside
 * it, so copying or backing up the data dir (database and master key) leaves the key behind; named
 * after it, so each data dir (each test, each checkout) has a key of its own.
 */
export function defaultKeyFile(dataDir: string): string {
  return `${resolve(dataDir)}.keys/recovery.key`;
}

/** Refuses a key file inside the data dir: a copy of the data dir would carry it. */
export function assertOutsideDataDir(path: string, dataDir: string): void {
  if (dataDir === ':memory:') return;
  const inside = relative(resolve(dataDir), resolve(path));
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
    throw new Error(
      `The key store file ${resolve(path)} is inside the data dir ${resolve(dataDir)}: it must live elsewhere, ` +
        'or a copy of the data dir (database and master key) would open every recovery share',
    );
}

/**
 * The server's key store: the configured one, else in development the key file beside the data dir
 * (or an ephemeral key for an in-memory database); outside development one must be configured.
 * `create`: whether a missing key may be created (not when the database already uses one).
 */
export async function openConfiguredKeyStore(params: {
  config: KeyStoreConfig | null | undefined;
  dataDir: string;
  development: boolean;
  create: boolean;
}): Promise<KeyStore> {
  const { config, dataDir, create } = params;
  if (config?.kind === 'pkcs11') {
    const { Pkcs11KeyStore } = await loadPkcs11KeyStore();
    return Pkcs11KeyStore.open({ ...config, create });
  }
  if (config?.kind === 'file') {
    assertOutsideDataDir(config.path, dataDir);
    return FileKeyStore.open(config.path, { create });
  }
  if (!params.development)
    throw new Error(
      'LATCHKEY_KEY_STORE must be set outside development: the key that seals wallet recovery material ' +
        'must not live beside the database and master key. Use pkcs11 (an HSM or KMS: LATCHKEY_PKCS11_MODULE, ' +
        'LATCHKEY_PKCS11_TOKEN_LABEL, LATCHKEY_PKCS11_PIN) or file:<path> outside the data dir ' +
        '(a data dir that `latchkey dev` made is a development one and needs neither)',
    );
  if (dataDir === ':memory:') return FileKeyStore.ephemeral();
  return FileKeyStore.open(defaultKeyFile(dataDir), { create });
}

/**
 * The PKCS#11 key store, loaded only when configured: it needs `pkcs11js`, a native addon that is an
 * optional dependency (so that installing the server never needs a C++ toolchain), and a server on a
 * file key store never loads it. Missing, or installed without its compiled addon, it is named here.
 */
async function loadPkcs11KeyStore(): Promise<typeof import('./pkcs11-key-store.ts')> {
  try {
    return await import('./pkcs11-key-store.ts');
  } catch (error) {
    throw new Error(
      'LATCHKEY_KEY_STORE=pkcs11 needs the pkcs11js package, an optional dependency of @latchkey/server that is ' +
        'not installed or whose native addon did not build. Install a C++ toolchain and Python (node-gyp), then ' +
        '`npm install pkcs11js` beside @latchkey/server',
      { cause: error },
    );
  }
}
