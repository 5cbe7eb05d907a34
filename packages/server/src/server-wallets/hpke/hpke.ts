import { createPublicKey } from 'node:crypto';
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

/**
 * HPKE (RFC 9180) as the incumbent's API and SDKs use it for key transport (WIRE.md §7.5): base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, by the same library `@privy-io/node`
 * uses (`@hpke/core`), so the two interoperate byte for byte. Public keys travel as base64 (a
 * recipient's as SPKI DER; ours, for imports, as the raw uncompressed point the SDK's
 * `deserializePublicKey` takes); `encapsulated_key` and `ciphertext` as base64.
 */

/** The AEADs an import may name (`hpke_config.aead_algorithm`); everything else is ChaCha20-Poly1305. */
export type HpkeAead = 'CHACHA20_POLY1305' | 'AES_GCM256';

/** The optional parameters of an import made by another provider's HPKE (`hpke_config`). */
export interface HpkeOptions {
  aead?: HpkeAead;
  /** HPKE `info`, bound into the key schedule. */
  info?: Uint8Array;
  /** Additional authenticated data of the one message. */
  aad?: Uint8Array;
}

const suites = {
  CHACHA20_POLY1305: new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Chacha20Poly1305(),
  }),
  AES_GCM256: new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  }),
};

const suiteOf = (aead: HpkeAead | undefined) => suites[aead ?? 'CHACHA20_POLY1305'];

/** An HPKE message: the sender's encapsulated key and the sealed payload, both base64. */
export interface HpkeSealed {
  encapsulated_key: string;
  ciphertext: string;
}

/** The uncompressed P-256 point (65 bytes, 0x04 ‖ x ‖ y): DHKEM(P-256)'s serialised public key. */
const rawPointLength = 65;
/** Bounds a recipient key before parsing: an SPKI P-256 key is 91 bytes, 124 characters in base64. */
const maxRecipientKeyChars = 300;

/**
 * A recipient's public key as the API takes it (`recipient_public_key`): base64 SPKI DER of a P-256
 * key (what the SDKs send), base64 of the raw uncompressed point (the incumbent's examples), or PEM.
 * Returns the raw point, or null when it is none of these.
 */
export function parseRecipientPublicKey(text: string): Uint8Array | null {
  if (text.length === 0 || text.length > maxRecipientKeyChars) return null;
  const pem = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/.exec(text.trim());
  const base64 = pem ? (pem[1] ?? '').replace(/\s+/g, '') : text;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const der = Buffer.from(base64, 'base64');
  if (der.length === rawPointLength && der[0] === 0x04) return pointOnCurve(der);
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return null;
    const jwk = key.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) return null;
    return new Uint8Array(
      Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]),
    );
  } catch {
    return null;
  }
}

/** The raw point, if it is one of P-256 (node checks it as it imports it). */
function pointOnCurve(raw: Uint8Array): Uint8Array | null {
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: Buffer.from(raw.subarray(1, 33)).toString('base64url'),
        y: Buffer.from(raw.subarray(33, 65)).toString('base64url'),
      },
      format: 'jwk',
    });
    return new Uint8Array(raw);
  } catch {
    return null;
  }
}

/** Seals `plaintext` to a recipient's raw P-256 point (`parseRecipientPublicKey`), single-shot base mode. */
export async function sealToRecipient(
  recipientPoint: Uint8Array,
  plaintext: Uint8Array,
  options: HpkeOptions = {},
): Promise<HpkeSealed> {
  const suite = suiteOf(options.aead);
  const recipientPublicKey = await suite.kem.deserializePublicKey(toArrayBuffer(recipientPoint));
  const { ct, enc } = await suite.seal(
    { recipientPublicKey, ...(options.info ? { info: toArrayBuffer(options.info) } : {}) },
    toArrayBuffer(plaintext),
    options.aad ? toArrayBuffer(options.aad) : undefined,
  );
  return {
    encapsulated_key: Buffer.from(enc).toString('base64'),
    ciphertext: Buffer.from(ct).toString('base64'),
  };
}

/** One HPKE key pair of ours (for an import): the raw public point and the private scalar (32 bytes). */
export interface HpkeKeyPair {
  publicPoint: Uint8Array;
  privateKey: Uint8Array;
}

/** A fresh key pair; the caller seals `privateKey` and zeroes it. */
export async function generateHpkeKeyPair(): Promise<HpkeKeyPair> {
  const kem = suites.CHACHA20_POLY1305.kem;
  const pair = await kem.generateKeyPair();
  return {
    publicPoint: new Uint8Array(await kem.serializePublicKey(pair.publicKey)),
    privateKey: new Uint8Array(await kem.serializePrivateKey(pair.privateKey)),
  };
}

/** Why a message did not open: not HPKE of our key (a wrong key, tampering, or not base64 at all). */
export class HpkeOpenFailed extends Error {
  override readonly name = 'HpkeOpenFailed';
}

/**
 * Opens a message sealed to our key pair's public point with its private scalar. The caller zeroes
 * the scalar and the plaintext when done. Throws `HpkeOpenFailed` for anything that does not open.
 */
export async function openWithPrivateKey(
  privateKey: Uint8Array,
  sealed: HpkeSealed,
  options: HpkeOptions = {},
): Promise<Uint8Array> {
  const enc = strictBase64(sealed.encapsulated_key);
  const ciphertext = strictBase64(sealed.ciphertext);
  if (!enc || !ciphertext || enc.length !== rawPointLength) throw new HpkeOpenFailed();
  const suite = suiteOf(options.aead);
  try {
    const scalar = toArrayBuffer(privateKey);
    const recipientKey = await suite.kem
      .deserializePrivateKey(scalar)
      .finally(() => new Uint8Array(scalar).fill(0));
    const opened = await suite.open(
      {
        recipientKey,
        enc: toArrayBuffer(enc),
        ...(options.info ? { info: toArrayBuffer(options.info) } : {}),
      },
      toArrayBuffer(ciphertext),
      options.aad ? toArrayBuffer(options.aad) : undefined,
    );
    return new Uint8Array(opened);
  } catch {
    throw new HpkeOpenFailed();
  }
}

/** Base64 (standard alphabet, padded or not) or null: junk is refused, not silently skipped as Buffer does. */
export function strictBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** A fresh ArrayBuffer holding exactly the bytes (a Uint8Array may view a larger, shared one). */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
