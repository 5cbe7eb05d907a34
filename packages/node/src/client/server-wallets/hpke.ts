import { createCipheriv, createDecipheriv, createECDH, createHmac, createPublicKey } from 'node:crypto';

/**
 * HPKE (RFC 9180) as the API uses it for key transport (WIRE.md §7.5): base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, empty `info` and `aad`, one message per
 * context. Written on node:crypto (ECDH, HMAC, the AEAD), so the SDK needs no HPKE library; the
 * tests check it against `@hpke/core`, the library the server and the incumbent's SDK use.
 */

const kemId = 0x0010;
const kdfId = 0x0001;
const aeadId = 0x0003;
const version = Buffer.from('HPKE-v1');
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const kemSuite = Buffer.concat([Buffer.from('KEM'), u16(kemId)]);
const hpkeSuite = Buffer.concat([Buffer.from('HPKE'), u16(kemId), u16(kdfId), u16(aeadId)]);

const extract = (salt: Uint8Array, ikm: Uint8Array) => createHmac('sha256', salt).update(ikm).digest();

function expand(prk: Uint8Array, info: Uint8Array, length: number): Buffer {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  for (let i = 1; 32 * blocks.length < length; i++) {
    previous = createHmac('sha256', prk)
      .update(Buffer.concat([previous, info, Buffer.from([i])]))
      .digest();
    blocks.push(previous);
  }
  return Buffer.concat(blocks).subarray(0, length);
}

// RFC 9180 §4: labelled extract and expand, bound to the suite.
const labeledExtract = (suite: Buffer, salt: Uint8Array, label: string, ikm: Uint8Array) =>
  extract(salt, Buffer.concat([version, suite, Buffer.from(label), ikm]));
const labeledExpand = (suite: Buffer, prk: Uint8Array, label: string, info: Uint8Array, length: number) =>
  expand(prk, Buffer.concat([u16(length), version, suite, Buffer.from(label), info]), length);

/** RFC 9180 §4.1: the KEM's shared secret from the DH output and `enc ‖ pkR`. */
function sharedSecret(dh: Uint8Array, enc: Uint8Array, recipient: Uint8Array): Buffer {
  const prk = labeledExtract(kemSuite, Buffer.alloc(0), 'eae_prk', dh);
  return labeledExpand(kemSuite, prk, 'shared_secret', Buffer.concat([enc, recipient]), 32);
}

/** RFC 9180 §5.1, base mode, empty info: the AEAD key and the first (only) nonce. */
function keySchedule(secret: Uint8Array): { key: Buffer; nonce: Buffer } {
  const empty = Buffer.alloc(0);
  const context = Buffer.concat([
    Buffer.from([0]),
    labeledExtract(hpkeSuite, empty, 'psk_id_hash', empty),
    labeledExtract(hpkeSuite, empty, 'info_hash', empty),
  ]);
  const prk = labeledExtract(hpkeSuite, secret, 'secret', empty);
  return {
    key: labeledExpand(hpkeSuite, prk, 'key', context, 32),
    nonce: labeledExpand(hpkeSuite, prk, 'base_nonce', context, 12),
  };
}

/** An HPKE message as the API carries it, base64. */
export interface HpkeSealed {
  encapsulated_key: string;
  ciphertext: string;
}

/** Seals `plaintext` to a recipient's P-256 public key (the raw uncompressed point, 65 bytes). */
export function hpkeSeal(recipient: Uint8Array, plaintext: Uint8Array): HpkeSealed {
  const ephemeral = createECDH('prime256v1');
  const enc = ephemeral.generateKeys();
  const { key, nonce } = keySchedule(sharedSecret(ephemeral.computeSecret(recipient), enc, recipient));
  const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  key.fill(0);
  return { encapsulated_key: enc.toString('base64'), ciphertext: ciphertext.toString('base64') };
}

/** A one-time recipient key pair: what the server seals an exported key or a user's key to. */
export interface HpkeRecipient {
  /** base64 SPKI DER, the API's `recipient_public_key`. */
  publicKey: string;
  /** Opens the one message sealed to this key; throws when it does not authenticate. */
  open(sealed: HpkeSealed): Buffer;
}

export function hpkeRecipient(): HpkeRecipient {
  const ecdh = createECDH('prime256v1');
  const point = ecdh.generateKeys();
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const publicKey = createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'spki' });
  return {
    publicKey: publicKey.toString('base64'),
    open({ encapsulated_key, ciphertext }) {
      const enc = Buffer.from(encapsulated_key, 'base64');
      const sealed = Buffer.from(ciphertext, 'base64');
      if (sealed.length < 16) throw new Error('The sealed key is too short to be HPKE.');
      const { key, nonce } = keySchedule(sharedSecret(ecdh.computeSecret(enc), enc, point));
      const decipher = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      try {
        return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      } finally {
        key.fill(0);
      }
    },
  };
}
