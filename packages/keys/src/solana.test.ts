import { ed25519 } from '@noble/curves/ed25519.js';
import { createKeyPairFromBytes, signatureBytes, verifySignature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { solanaKey } from './derive-solana.ts';
import { generateEntropy, seedFromEntropy } from './entropy.ts';
import { InvalidRequestError } from './errors.ts';
import { solanaSignMessage } from './solana.ts';

describe('solanaSignMessage', () => {
  const key = solanaKey(seedFromEntropy(generateEntropy()), 0);
  const message = new TextEncoder().encode('Sign in to Latchkey');

  it('makes a 64-byte ed25519 signature that verifies under the public key', async () => {
    const signature = solanaSignMessage(key.secretKey, message);
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, message, key.publicKey)).toBe(true);
    // And with an independent implementation (WebCrypto, via @solana/kit).
    const pair = await createKeyPairFromBytes(key.secretKey);
    expect(await verifySignature(pair.publicKey, signatureBytes(signature), message)).toBe(true);
  });

  it('does not verify for another message or another key', () => {
    const signature = solanaSignMessage(key.secretKey, message);
    expect(ed25519.verify(signature, new TextEncoder().encode('Sign in to Latchkez'), key.publicKey)).toBe(
      false,
    );
    const other = solanaKey(seedFromEntropy(generateEntropy()), 0);
    expect(ed25519.verify(signature, message, other.publicKey)).toBe(false);
  });

  it('refuses a secret key that is not 64 bytes', () => {
    expect(() => solanaSignMessage(key.secretKey.subarray(0, 32), message)).toThrow(InvalidRequestError);
  });
});
