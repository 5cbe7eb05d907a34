import { describe, expect, it } from 'vitest';
import { ethereumKey } from './derive-ethereum.ts';
import { solanaKey } from './derive-solana.ts';
import { generateEntropy, mnemonicToEntropy, seedFromEntropy } from './entropy.ts';
import { InvalidRequestError } from './errors.ts';
import { walletAddressAt } from './wallet-address.ts';

describe('walletAddressAt', () => {
  const seed = seedFromEntropy(
    mnemonicToEntropy(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    ),
  );

  it('is the BIP-44 / SLIP-0010 address the frame signs with', () => {
    expect(walletAddressAt(seed, 'ethereum', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(walletAddressAt(seed, 'solana', 0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    const random = seedFromEntropy(generateEntropy());
    for (const index of [0, 1, 7]) {
      expect(walletAddressAt(random, 'ethereum', index)).toBe(ethereumKey(random, index).address);
      expect(walletAddressAt(random, 'solana', index)).toBe(solanaKey(random, index).address);
    }
  });

  it('refuses an unknown chain and a bad index', () => {
    expect(() => walletAddressAt(seed, 'bitcoin' as 'ethereum', 0)).toThrow(InvalidRequestError);
    expect(() => walletAddressAt(seed, 'ethereum', -1)).toThrow(InvalidRequestError);
  });
});
