/**
 * The SDK's HPKE (node:crypto) against `@hpke/core`, the library the server and the incumbent's SDK
 * use, in both directions: what one seals the other opens; a changed byte does not open.
 */
import { createPublicKey } from 'node:crypto';
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { hpkeRecipient, hpkeSeal } from '../src/client/server-wallets/hpke.ts';

const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Chacha20Poly1305(),
});
const plaintext = new TextEncoder().encode(
  '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
);

/** The raw uncompressed point of a base64 SPKI P-256 key. */
function rawPoint(spki: string): Uint8Array {
  const jwk = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }).export({
    format: 'jwk',
  });
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
}

describe('HPKE', () => {
  it('opens what @hpke/core seals to its recipient key', async () => {
    const recipient = hpkeRecipient();
    const sender = await suite.createSenderContext({
      recipientPublicKey: await suite.kem.deserializePublicKey(rawPoint(recipient.publicKey)),
    });
    const sealed = {
      encapsulated_key: Buffer.from(sender.enc).toString('base64'),
      ciphertext: Buffer.from(await sender.seal(plaintext)).toString('base64'),
    };
    expect(new Uint8Array(recipient.open(sealed))).toEqual(plaintext);
    const tampered = Buffer.from(sealed.ciphertext, 'base64');
    tampered[0]! ^= 1;
    expect(() => recipient.open({ ...sealed, ciphertext: tampered.toString('base64') })).toThrow();
    expect(() => hpkeRecipient().open(sealed)).toThrow();
  });

  it('seals what @hpke/core opens', async () => {
    const keyPair = await suite.kem.generateKeyPair();
    const point = new Uint8Array(await suite.kem.serializePublicKey(keyPair.publicKey));
    const sealed = hpkeSeal(point, plaintext);
    const opener = await suite.createRecipientContext({
      recipientKey: keyPair.privateKey,
      enc: Buffer.from(sealed.encapsulated_key, 'base64'),
    });
    expect(new Uint8Array(await opener.open(Buffer.from(sealed.ciphertext, 'base64')))).toEqual(plaintext);
  });
});
