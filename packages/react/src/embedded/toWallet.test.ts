import { describe, expect, it } from 'vitest';
import type { EmbeddedWallet } from '../types.ts';
import { toWallet } from './embeddedWalletObjects.ts';

const embedded: EmbeddedWallet = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'ethereum',
  walletIndex: 0,
  chainId: 'eip155:1',
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  walletClientType: 'privy',
  connectorType: 'embedded',
};

// What useCreateWallet, useImportWallet and useSetWalletRecovery resolve with: the incumbent's Wallet.
describe('toWallet', () => {
  it("keeps the embedded wallet's fields", () => {
    expect(toWallet(embedded)).toEqual(embedded);
  });

  it('drops a null recovery method (the incumbent has it absent, never null)', () => {
    const wallet = toWallet({ ...embedded, recoveryMethod: null });
    expect('recoveryMethod' in wallet).toBe(false);
    expect(wallet.address).toBe(embedded.address);
  });
});
