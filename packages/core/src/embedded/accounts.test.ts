import type { LinkedAccount } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { eth0, eth1, eth2, sol0, walletAccount, world } from '../../test/embedded-world.ts';
import { embeddedEntropy, embeddedWallets, nextWalletIndex } from './accounts.ts';

describe('embedded wallets from linked accounts', () => {
  it('lists only embedded wallets, Ethereum first, by index', () => {
    const external = {
      ...walletAccount('ethereum', eth2, 0),
      wallet_client_type: 'metamask',
      connector_type: 'injected',
    };
    const user = world([
      walletAccount('solana', sol0, 0),
      walletAccount('ethereum', eth1, 1),
      external as LinkedAccount,
      walletAccount('ethereum', eth0, 0),
    ]).session.user;
    expect(embeddedWallets(user).map((w) => [w.chainType, w.walletIndex, w.address])).toEqual([
      ['ethereum', 0, eth0],
      ['ethereum', 1, eth1],
      ['solana', 0, sol0],
    ]);
    expect(nextWalletIndex(user, 'ethereum')).toBe(2);
    expect(nextWalletIndex(user, 'solana')).toBe(1);
    expect(embeddedEntropy(null)).toBeNull();
  });

  it('names the entropy by the first wallet made from it: Ethereum first on a tie', () => {
    const tie = world([
      walletAccount('solana', sol0, 0, { verified_at: 100 }),
      walletAccount('ethereum', eth0, 0, { verified_at: 100 }),
    ]).session.user;
    expect(embeddedEntropy(tie)).toEqual({
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'privy',
    });
    const solanaFirst = world([
      walletAccount('ethereum', eth0, 0, { verified_at: 200 }),
      walletAccount('solana', sol0, 0, { verified_at: 100 }),
    ]).session.user;
    expect(embeddedEntropy(solanaFirst)).toMatchObject({
      entropyId: sol0,
      entropyIdVerifier: 'solana-address-verifier',
    });
  });
});
