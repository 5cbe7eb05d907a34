import { serverWalletChainTypes } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { keyedChain } from './chains.ts';
import { addressOfKey } from './wallet-keys.ts';

const refusal = (chainType: string) => {
  try {
    keyedChain(chainType);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`${chainType} was accepted`);
};

describe('keyedChain', () => {
  it('keys every spec chain type but ton, starknet and spark', () => {
    const keyed = serverWalletChainTypes.filter(
      (chainType) => !['ton', 'starknet', 'spark'].includes(chainType),
    );
    for (const chainType of keyed) expect(keyedChain(chainType)).toBe(chainType);
  });

  it('refuses ton, starknet and spark with not_supported, naming what is missing', () => {
    expect(refusal('ton')).toBeInstanceOf(ApiError);
    expect(refusal('ton')).toMatchObject({
      code: 'not_supported',
      message: expect.stringMatching(/state init/),
    });
    expect(refusal('starknet')).toMatchObject({
      code: 'not_supported',
      message: expect.stringMatching(/Stark curve.*account contract class/),
    });
    expect(refusal('spark')).toMatchObject({
      code: 'not_supported',
      message: expect.stringMatching(/Spark operators/),
    });
  });

  it('refuses an unknown chain type as invalid_data', () => {
    expect(refusal('aptos')).toMatchObject({ code: 'invalid_data' });
    expect(refusal('__proto__')).toMatchObject({ code: 'invalid_data' });
  });
});

describe('addressOfKey', () => {
  const one = new Uint8Array(32);
  one[31] = 1;
  it('gives private key 1 its address on each secp256k1 chain', async () => {
    expect(await addressOfKey('ethereum', one)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    expect(await addressOfKey('bitcoin-segwit', one)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(await addressOfKey('tron', one)).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    expect(await addressOfKey('cosmos', one)).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/);
  });

  it('gives an Ed25519 seed its address on each Ed25519 chain', async () => {
    expect(await addressOfKey('solana', one)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(await addressOfKey('sui', one)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await addressOfKey('near', one)).toMatch(/^[0-9a-f]{64}$/);
    expect(await addressOfKey('stellar', one)).toMatch(/^G[A-Z2-7]{55}$/);
  });
});
