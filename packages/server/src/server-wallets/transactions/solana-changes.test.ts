import { describe, expect, it } from 'vitest';
import { type SolanaTransaction, walletChanges } from './solana-changes.ts';

const wallet = 'Wa11et1111111111111111111111111111111111111';
const payer = 'Payer11111111111111111111111111111111111111';
const friend = 'Friend1111111111111111111111111111111111111';
const mint = 'Mint111111111111111111111111111111111111111';
const unregistered = 'Other11111111111111111111111111111111111111';
const ata = (owner: string) => `${owner.slice(0, 6)}Ata`;

/** A transaction's metadata as `getTransaction` (json) gives it: keys, lamports and token balances. */
function transaction(
  keys: string[],
  lamports: [pre: number, post: number][],
  tokens: { pre: [string, string, number][]; post: [string, string, number][] } = { pre: [], post: [] },
  err: unknown = null,
): SolanaTransaction {
  const balances = (entries: [string, string, number][]) =>
    entries.map(([owner, ofMint, amount]) => ({
      accountIndex: keys.indexOf(ata(owner)),
      mint: ofMint,
      owner,
      uiTokenAmount: { amount: String(amount), decimals: 6 },
    }));
  return {
    slot: 7,
    blockTime: 1_700_000_000,
    transaction: { message: { accountKeys: keys.slice(0, -1) } },
    meta: {
      err,
      fee: 5000,
      preBalances: lamports.map(([pre]) => pre),
      postBalances: lamports.map(([, post]) => post),
      preTokenBalances: balances(tokens.pre),
      postTokenBalances: balances(tokens.post),
      // The last key comes through a lookup table, after the message's own.
      loadedAddresses: { writable: keys.slice(-1), readonly: [] },
    },
  };
}

const registered = new Set([mint]);
const block = { number: 7, timestamp: 1_700_000_000 };

describe('what a Solana transaction moved into or out of a wallet', () => {
  it('SOL in: the sender is who lost the most, not the fee payer; accounts from lookup tables count', () => {
    const tx = transaction(
      [payer, friend, 'System', wallet],
      [
        [1_000_000, 995_000],
        [9_000_000, 4_000_000],
        [1, 1],
        [0, 5_000_000],
      ],
    );
    expect(walletChanges(tx, wallet, registered, 0)).toEqual({
      sol: { sender: friend, recipient: wallet, amount: 5_000_000n, block },
      tokens: [],
    });
  });

  it('lamports the wallet gained in a transaction it paid for (a rent refund) are no deposit; a failed one moves nothing', () => {
    const refund = transaction(
      [wallet, 'Closed', 'x'],
      [
        [1_000, 2_034_280],
        [2_039_280, 0],
        [0, 0],
      ],
    );
    expect(walletChanges(refund, wallet, registered, 0).sol).toBeNull();
    const failed = transaction(
      [payer, wallet, 'x'],
      [
        [9_000, 4_000],
        [0, 5_000],
        [0, 0],
      ],
      undefined,
      {
        InstructionError: [0, 'X'],
      },
    );
    expect(walletChanges(failed, wallet, registered, 0)).toEqual({ sol: null, tokens: [] });
  });

  it('a registered mint in and out, netted per owner; other mints ignored; the fee when the wallet paid', () => {
    const keys = [wallet, ata(wallet), ata(friend), 'x'];
    const lamports: [number, number][] = keys.map(() => [10, 10]);
    const out = transaction(keys, lamports, {
      pre: [
        [wallet, mint, 1_000],
        [friend, mint, 0],
      ],
      post: [
        [wallet, mint, 750],
        [friend, mint, 250],
      ],
    });
    expect(walletChanges(out, wallet, registered, 0).tokens).toEqual([
      {
        direction: 'out',
        asset: { type: 'spl', mint },
        decimals: 6,
        sender: wallet,
        recipient: friend,
        amount: 250n,
        block,
        fee: 5000n,
      },
    ]);
    const incoming = transaction([friend, ata(friend), ata(wallet), 'x'], lamports, {
      pre: [[friend, mint, 300]],
      post: [
        [friend, mint, 0],
        [wallet, mint, 300],
      ],
    });
    expect(walletChanges(incoming, wallet, registered, 0).tokens).toEqual([
      {
        direction: 'in',
        asset: { type: 'spl', mint },
        decimals: 6,
        sender: friend,
        recipient: wallet,
        amount: 300n,
        block,
      },
    ]);
    expect(walletChanges(incoming, wallet, new Set([unregistered]), 0).tokens).toEqual([]);
  });

  it('tokens minted to the wallet name the fee payer; tokens it burned name the mint; no block time: now', () => {
    const lamports: [number, number][] = [
      [10, 10],
      [10, 10],
      [10, 10],
    ];
    const minted = transaction([payer, ata(wallet), 'x'], lamports, { pre: [], post: [[wallet, mint, 40]] });
    minted.blockTime = null;
    expect(walletChanges(minted, wallet, registered, 1_234).tokens).toEqual([
      expect.objectContaining({
        direction: 'in',
        sender: payer,
        amount: 40n,
        block: { number: 7, timestamp: 1_234 },
      }),
    ]);
    const burned = transaction([payer, ata(wallet), 'x'], lamports, {
      pre: [[wallet, mint, 40]],
      post: [[wallet, mint, 10]],
    });
    expect(walletChanges(burned, wallet, registered, 0).tokens).toEqual([
      expect.objectContaining({ direction: 'out', recipient: mint, amount: 30n }),
    ]);
    // The wallet did not pay: no fee on its withdrawal.
    expect(walletChanges(burned, wallet, registered, 0).tokens[0]).not.toHaveProperty('fee');
  });
});
