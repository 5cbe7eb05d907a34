import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { fromBase64, toBase64 } from '@latchkey/keys';
import { FrameError } from '../frame-error.ts';

/**
 * HPKE (RFC 9180) base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, no info or
 * aad: the suite of WIRE.md §7.5, by the same library the server opens it with (`@hpke/core`), so the
 * two agree byte for byte.
 */
const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Chacha20Poly1305(),
});

/** The uncompressed P-256 point (0x04 ‖ x ‖ y) the server's one-time key travels as. */
const rawPointLength = 65;

export interface Sealed {
  encapsulated_key: string;
  ciphertext: string;
}

/** The recipient key of `frame/delegation/init` (base64 of the raw point), parsed once per consent. */
export async function recipientKey(base64Point: string): Promise<CryptoKey> {
  let point: Uint8Array;
  try {
    point = fromBase64(base64Point);
  } catch {
    throw new FrameError('error', 'Unexpected server reply.');
  }
  if (point.length !== rawPointLength || point[0] !== 0x04)
    throw new FrameError('error', 'Unexpected server reply.');
  try {
    return await suite.kem.deserializePublicKey(toArrayBuffer(point));
  } catch {
    throw new FrameError('error', 'Unexpected server reply.');
  }
}

/**
 * Seals `plaintext` to `recipient`, single-shot. The library reads the bytes from its own copy, which
 * is zeroed here; the caller zeroes `plaintext`.
 */
export async function seal(recipient: CryptoKey, plaintext: Uint8Array): Promise<Sealed> {
  const copy = toArrayBuffer(plaintext);
  try {
    const { ct, enc } = await suite.seal({ recipientPublicKey: recipient }, copy);
    return { encapsulated_key: toBase64(new Uint8Array(enc)), ciphertext: toBase64(new Uint8Array(ct)) };
  } finally {
    new Uint8Array(copy).fill(0);
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
