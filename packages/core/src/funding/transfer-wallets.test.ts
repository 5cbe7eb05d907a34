import { describe, expect, it } from 'vitest';
import {
  type TransferSourceWallet,
  transferNeedsBridge,
  transferRoute,
  transferWalletList,
} from './transfer-wallets.ts';

const evm = (n: number): TransferSourceWallet => ({
  address: `0x${n}`,
  chainType: 'ethereum',
  name: `W${n}`,
});
const phantom: TransferSourceWallet = { address: 'So1', chainType: 'solana', name: 'Phantom' };

// Spec document 2 §2 Transfer from wallet, §9 (max 4 shown, then 3 plus 'More wallets').
describe('transferWalletList', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [4, 4, 0],
    [5, 3, 2],
    [9, 3, 6],
  ])('%s wallets: %s rows, %s behind More wallets', (count, shown, more) => {
    const list = transferWalletList(Array.from({ length: count }, (_, n) => evm(n)));
    expect(list.rows).toHaveLength(shown);
    expect(list.more).toHaveLength(more);
    expect(list.moreLabel).toBe(more ? 'More wallets' : null);
    expect([...list.rows, ...list.more].map((row) => row.wallet.address)).toEqual(
      Array.from({ length: count }, (_, n) => `0x${n}`),
    );
  });

  it("tags every row 'Connected' and Solana wallets 'Solana'", () => {
    expect(transferWalletList([evm(1), phantom]).rows.map((row) => row.tags)).toEqual([
      ['Connected'],
      ['Connected', 'Solana'],
    ]);
  });
});

describe('transferRoute', () => {
  it.each([
    ['ethereum', 'ethereum', 'ethereum-to-ethereum', false],
    ['ethereum', 'solana', 'ethereum-to-solana', true],
    ['solana', 'ethereum', 'solana-to-ethereum', true],
    ['solana', 'solana', 'solana-to-solana', false],
  ] as const)('%s → %s: %s, bridge %s', (source, destination, route, bridge) => {
    expect(transferRoute(source, destination)).toBe(route);
    expect(transferNeedsBridge(route)).toBe(bridge);
  });
});
