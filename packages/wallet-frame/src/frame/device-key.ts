import { toBase64 } from '@latchkey/keys';
import { dpopProofType } from '@latchkey/protocol';

/**
 * This device's key for one app: a P-256 key pair made by WebCrypto inside the frame, its private half
 * non-extractable, kept in the frame origin's IndexedDB. The server releases share material only with
 * a DPoP proof (RFC 9449) signed by a key enrolled for the user, so a party holding the user's tokens
 * but running no code in this origin cannot obtain shares: it cannot read, export or use this key.
 */
export interface DeviceKey {
  /** The public key, as the proofs' header carries it. */
  jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  sign(data: Uint8Array): Promise<Uint8Array>;
  /** False when storage is blocked and the key lives in this page's memory only (see load). */
  persistent: boolean;
}

const databaseName = 'latchkey-wallet-frame';
const storeName = 'device-keys';

const base64url = (bytes: Uint8Array) =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);

async function generate(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

async function fromPair(pair: CryptoKeyPair, persistent: boolean): Promise<DeviceKey> {
  const { x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  if (!x || !y) throw new Error('WebCrypto gave a P-256 public key without coordinates');
  return {
    jwk: { kty: 'EC', crv: 'P-256', x, y },
    persistent,
    sign: async (data) =>
      new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new Uint8Array(data)),
      ),
  };
}

/** An IndexedDB request as a promise. */
function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(databaseName, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName);
  return settle(request);
}

/**
 * The app's device key from IndexedDB, made and stored on first use. CryptoKey objects are stored as
 * they are (structured clone keeps them non-extractable). Where the browser gives this frame no
 * storage (third-party storage blocked), the key lives in memory for the page's lifetime: the wallet
 * still works, but the next page load is a new device (see docs/security.md, cross-site deployments).
 */
export async function loadDeviceKey(appId: string, factory: IDBFactory | null): Promise<DeviceKey> {
  if (!factory) return fromPair(await generate(), false);
  let database: IDBDatabase;
  try {
    database = await openDatabase(factory);
  } catch {
    return fromPair(await generate(), false);
  }
  try {
    const stored = await settle(database.transaction(storeName).objectStore(storeName).get(appId));
    if (isKeyPair(stored)) return fromPair(stored, true);
    const pair = await generate();
    await settle(database.transaction(storeName, 'readwrite').objectStore(storeName).put(pair, appId));
    return fromPair(pair, true);
  } catch {
    return fromPair(await generate(), false);
  } finally {
    database.close();
  }
}

function isKeyPair(value: unknown): value is CryptoKeyPair {
  const pair = value as Partial<CryptoKeyPair> | null | undefined;
  return (
    typeof CryptoKey !== 'undefined' &&
    pair?.privateKey instanceof CryptoKey &&
    pair.publicKey instanceof CryptoKey
  );
}

/**
 * The page's device key, loaded once: `indexedDB` itself may throw where storage is blocked, which
 * leaves the key in memory (see loadDeviceKey).
 */
export function frameDeviceKey(appId: string): () => Promise<DeviceKey> {
  let key: Promise<DeviceKey> | null = null;
  return () => {
    key ??= loadDeviceKey(appId, indexedDatabase());
    return key;
  };
}

function indexedDatabase(): IDBFactory | null {
  try {
    return globalThis.indexedDB ?? null;
  } catch {
    return null;
  }
}

/** A key pair in memory only: for the frame's tests in Node, and for a page without storage. */
export async function memoryDeviceKey(): Promise<DeviceKey> {
  return fromPair(await generate(), false);
}

/**
 * A DPoP proof (RFC 9449 §4.2) for one request: `typ` dpop+jwt, ES256, the public key in the header;
 * a fresh `jti`, the method and URL, the server's nonce, and `ath` (the hash of the access token)
 * when the request carries one. WebCrypto's ECDSA signature is already JWS's r ‖ s form.
 */
export async function dpopProof(
  key: DeviceKey,
  request: { method: string; url: string; accessToken: string | null; nonce: string | null },
): Promise<string> {
  const header = { typ: dpopProofType, alg: 'ES256', jwk: key.jwk };
  const payload: Record<string, unknown> = {
    jti: base64url(crypto.getRandomValues(new Uint8Array(16))),
    htm: request.method,
    htu: request.url,
    iat: Math.floor(Date.now() / 1000),
  };
  if (request.nonce) payload.nonce = request.nonce;
  if (request.accessToken)
    payload.ath = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(request.accessToken))));
  const signingInput = `${base64url(utf8(JSON.stringify(header)))}.${base64url(utf8(JSON.stringify(payload)))}`;
  return `${signingInput}.${base64url(await key.sign(utf8(signingInput)))}`;
}
