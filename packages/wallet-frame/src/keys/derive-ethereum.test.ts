import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ethereumKey } from './derive-ethereum.ts';
import { mnemonicToEntropy, seedFromEntropy } from './entropy.ts';
import { InvalidRequestError } from './errors.ts';

const seedOf = (mnemonic: string) => seedFromEntropy(mnemonicToEntropy(mnemonic));

describe('ethereumKey', () => {
  // Hardhat's and Anvil's default accounts come from this mnemonic at m/44'/60'/0'/0/{index}.
  const junk = seedOf('test test test test test test test test test test test junk');

  it('derives the well-known development accounts', () => {
    expect(ethereumKey(junk, 0)).toEqual({
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
    expect(ethereumKey(junk, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('derives the BIP-44 address of the "abandon … about" mnemonic', () => {
    const seed = seedOf(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    );
    expect(ethereumKey(seed, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('returns an address that belongs to the private key', () => {
    const key = ethereumKey(junk, 7);
    expect(privateKeyToAddress(key.privateKey)).toBe(key.address);
  });

  it('refuses indexes that are not BIP-32 child numbers', () => {
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => ethereumKey(junk, index)).toThrow(InvalidRequestError);
    }
  });
});
