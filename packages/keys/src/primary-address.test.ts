import { describe, expect, it } from 'vitest';
import { mnemonicToEntropy, seedFromEntropy } from './entropy.ts';
import { InvalidRequestError } from './errors.ts';
import { primaryAddress } from './primary-address.ts';

describe('primaryAddress', () => {
  const seed = seedFromEntropy(
    mnemonicToEntropy(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    ),
  );

  it('is the index-0 address of the chain', () => {
    expect(primaryAddress(seed, 'ethereum')).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(primaryAddress(seed, 'solana')).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('refuses a chain type it does not know', () => {
    expect(() => primaryAddress(seed, 'bitcoin' as 'ethereum')).toThrow(InvalidRequestError);
  });
});
