import { base58 } from '@scure/base';
import { createKeyPairFromBytes, getAddressFromPublicKey } from '@solana/kit';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ethereumKey } from './derive-ethereum.ts';
import { solanaKey } from './derive-solana.ts';
import { generateEntropy, seedFromEntropy } from './entropy.ts';
import { exportEthereumPrivateKey, exportSolanaPrivateKey } from './export.ts';

describe('key export', () => {
  const seed = seedFromEntropy(generateEntropy());

  it('exports an Ethereum key as lowercase 0x-hex that imports to the same address', () => {
    const key = ethereumKey(seed, 0);
    const exported = exportEthereumPrivateKey(key.privateKey);
    expect(exported).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyToAddress(exported as `0x${string}`)).toBe(key.address);
    expect(
      exportEthereumPrivateKey('0xAC0974BEC39A17E36BA4A6B4D238FF944BACB478CBED5EFCAE784D7BF4F2FF80'),
    ).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(() => exportEthereumPrivateKey('0x1234')).toThrow(RangeError);
  });

  it('exports a Solana key as base58 of the 64-byte keypair, which imports to the same address', async () => {
    const key = solanaKey(seed, 0);
    const exported = exportSolanaPrivateKey(key.secretKey);
    expect(base58.decode(exported)).toEqual(key.secretKey);
    const pair = await createKeyPairFromBytes(base58.decode(exported));
    expect(await getAddressFromPublicKey(pair.publicKey)).toBe(key.address);
    expect(() => exportSolanaPrivateKey(key.publicKey)).toThrow(RangeError);
  });
});
