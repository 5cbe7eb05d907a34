import { describe, expect, it } from 'vitest';
import { farcasterContractCode, farcasterContractsCompiler } from './farcaster-contracts.generated.ts';
import { compileFarcasterContracts, farcasterContractNames } from './farcaster-contracts-compile.ts';

describe('farcaster-contracts.generated.ts', () => {
  it('is what the Solidity sources compile to (else: node packages/test/src/chains/write-farcaster-contracts.ts)', () => {
    const { compiler, contracts } = compileFarcasterContracts();
    expect(compiler).toBe(farcasterContractsCompiler);
    for (const name of farcasterContractNames) {
      expect(contracts[name].abi, `${name}'s ABI`).toEqual(farcasterContractCode[name].abi);
      expect(contracts[name].code, `${name}'s code`).toBe(farcasterContractCode[name].code);
    }
  });
});
