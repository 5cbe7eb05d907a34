import { generateKeyPairSync } from 'node:crypto';
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import {
  generateHpkeKeyPair,
  HpkeOpenFailed,
  openWithPrivateKey,
  parseRecipientPublicKey,
  sealToRecipient,
} from './hpke.ts';

/**
 * `@privy-io/node` 0.35's HPKE, as lib/cryptography.ts writes it (its `setupHPKERecipient` and
 * `setupHPKESender` are not exported): the same suite from the same library, the recipient's public
 * key exported as SPKI by WebCrypto, the sender deserialising our raw point.
 */
const sdkSuite = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });

async function sdkRecipient() {
  const suite = sdkSuite();
  const keypair = await suite.kem.generateKeyPair();
  const publicKeySpki = new Uint8Array(await crypto.subtle.exportKey('spki', keypair.publicKey));
  return {
    publicKeyBase64: Buffer.from(publicKeySpki).toString('base64'),
    decrypt: async (enc: string, ciphertext: string) => {
      const recipient = await suite.createRecipientContext({
        recipientKey: keypair.privateKey,
        enc: Buffer.from(enc, 'base64'),
      });
      return new Uint8Array(await recipient.open(Buffer.from(ciphertext, 'base64')));
    },
  };
}

async function sdkSeal(publicKeyBase64: string, payload: Uint8Array) {
  const suite = sdkSuite();
  const recipientPublicKey = await suite.kem.deserializePublicKey(Buffer.from(publicKeyBase64, 'base64'));
  const sender = await suite.createSenderContext({ recipientPublicKey });
  const ciphertext = await sender.seal(payload);
  return {
    encapsulated_key: Buffer.from(sender.enc).toString('base64'),
    ciphertext: Buffer.from(ciphertext).toString('base64'),
  };
}

describe('HPKE key transport', () => {
  it('seals to an SDK recipient key (SPKI) that the SDK opens', async () => {
    const recipient = await sdkRecipient();
    const point = parseRecipientPublicKey(recipient.publicKeyBase64);
    expect(point).not.toBeNull();
    const sealed = await sealToRecipient(point!, new TextEncoder().encode('0xabc'));
    expect(Buffer.from(sealed.encapsulated_key, 'base64')).toHaveLength(65);
    expect(
      new TextDecoder().decode(await recipient.decrypt(sealed.encapsulated_key, sealed.ciphertext)),
    ).toBe('0xabc');
  });

  it('opens what the SDK seals to our public point', async () => {
    const pair = await generateHpkeKeyPair();
    expect(pair.publicPoint).toHaveLength(65);
    expect(pair.privateKey).toHaveLength(32);
    const secret = new Uint8Array(32).fill(7);
    const sealed = await sdkSeal(Buffer.from(pair.publicPoint).toString('base64'), secret);
    expect(await openWithPrivateKey(pair.privateKey, sealed)).toEqual(secret);
  });

  it('refuses a message for another key, a tampered one, and junk', async () => {
    const pair = await generateHpkeKeyPair();
    const other = await generateHpkeKeyPair();
    const sealed = await sdkSeal(Buffer.from(pair.publicPoint).toString('base64'), new Uint8Array([1, 2, 3]));
    await expect(openWithPrivateKey(other.privateKey, sealed)).rejects.toBeInstanceOf(HpkeOpenFailed);
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0]! ^= 1;
    await expect(
      openWithPrivateKey(pair.privateKey, { ...sealed, ciphertext: flipped.toString('base64') }),
    ).rejects.toBeInstanceOf(HpkeOpenFailed);
    await expect(
      openWithPrivateKey(pair.privateKey, { encapsulated_key: '!!', ciphertext: sealed.ciphertext }),
    ).rejects.toBeInstanceOf(HpkeOpenFailed);
    await expect(
      openWithPrivateKey(pair.privateKey, { encapsulated_key: 'AAAA', ciphertext: sealed.ciphertext }),
    ).rejects.toBeInstanceOf(HpkeOpenFailed);
  });

  it('takes a recipient key as SPKI, raw point or PEM, and only P-256', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const spki = publicKey.export({ format: 'der', type: 'spki' });
    const point = parseRecipientPublicKey(spki.toString('base64'));
    expect(point).toHaveLength(65);
    expect(parseRecipientPublicKey(Buffer.from(point!).toString('base64'))).toEqual(point);
    expect(parseRecipientPublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString())).toEqual(
      point,
    );

    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey;
    expect(parseRecipientPublicKey(k1.export({ format: 'der', type: 'spki' }).toString('base64'))).toBeNull();
    const ed = generateKeyPairSync('ed25519').publicKey;
    expect(parseRecipientPublicKey(ed.export({ format: 'der', type: 'spki' }).toString('base64'))).toBeNull();
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    expect(parseRecipientPublicKey(offCurve.toString('base64'))).toBeNull();
    expect(parseRecipientPublicKey('')).toBeNull();
    expect(parseRecipientPublicKey('not base64 at all')).toBeNull();
    expect(parseRecipientPublicKey('A'.repeat(10_000))).toBeNull();
  });
});
