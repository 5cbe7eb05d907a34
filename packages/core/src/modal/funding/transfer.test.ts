import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWalletManager, fundingClient, fundingModal, openFunding } from '../../../test/funding-flow.ts';
import type { FundWalletTask } from './task.ts';
import { erc20Transfer, parseAmount } from './transfer.ts';

const destination = '0x1111111111111111111111111111111111111111';
const wallet = (n: number, chainType: 'ethereum' | 'solana' = 'ethereum') => ({
  address: chainType === 'ethereum' ? `0x${String(n).repeat(40)}` : `So1${n}`,
  chainType,
  name: `Wallet ${n}`,
});

/** Transfer from wallet on a fake client whose wallet manager records what the wallets are asked. */
function harness(
  connections: ReturnType<typeof wallet>[],
  patch: Partial<FundWalletTask> = {},
  refuse = false,
) {
  const asked: unknown[] = [];
  const manager = fakeWalletManager(connections, asked, refuse);
  const client = fundingClient([{ method: 'wallets', provider: '' }], { wallets: async () => manager });
  const { flow, screen, dismissals } = fundingModal(client);
  openFunding(flow, { address: destination, ...patch });
  return { flow, asked, screen, dismissals };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Transfer from wallet', () => {
  it.each([
    { count: 4, rows: 4, more: 0 },
    { count: 5, rows: 3, more: 2 },
  ])(
    'lists $count connected wallets as $rows rows and $more behind More wallets',
    async ({ count, rows, more }) => {
      const { flow, screen } = harness(Array.from({ length: count }, (_, i) => wallet(i + 2)));
      await flow.funding.wallets();
      expect([
        screen().name,
        (screen().rows as unknown[]).length,
        (screen().more as unknown[]).length,
      ]).toEqual(['fund-transfer-wallets', rows, more]);
      expect((screen().rows as { tags: string[] }[])[0]?.tags).toEqual(['Connected']);
      flow.funding.moreWallets();
      expect(screen().expanded).toBe(true);
    },
  );

  it('lists neither the funded wallet nor Solana wallets (their routes need the bridge)', async () => {
    const { flow, screen } = harness([
      wallet(2),
      wallet(3, 'solana'),
      { ...wallet(1), address: destination },
    ]);
    await flow.funding.wallets();
    expect((screen().rows as { wallet: { address: string } }[]).map((row) => row.wallet.address)).toEqual([
      wallet(2).address,
    ]);
  });

  it("lists Solana wallets, tagged 'Solana', when the app bridges them to this wallet", async () => {
    const { flow, screen } = harness([wallet(2), wallet(3, 'solana')], {
      bridgeFromSolana: { rpcUrl: 'http://solana' },
    });
    await flow.funding.wallets();
    expect((screen().rows as { tags: string[] }[]).map((row) => row.tags)).toEqual([
      ['Connected'],
      ['Connected', 'Solana'],
    ]);
  });

  it.each([
    { typed: '1.25', amount: '1.25', canContinue: true },
    { typed: '1.2.5', amount: '0.5', canContinue: true },
    { typed: '12a', amount: '0.5', canContinue: true },
    { typed: '0', amount: '0', canContinue: false },
    { typed: '', amount: '', canContinue: false },
    { typed: '.', amount: '.', canContinue: false },
  ])("keeps digits and one decimal point: '$typed'", async ({ typed, amount, canContinue }) => {
    const { flow, screen } = harness([wallet(2)]);
    await flow.funding.wallets();
    flow.funding.pickWallet(wallet(2).address);
    flow.funding.setAmount(typed);
    expect([screen().name, screen().amount, screen().canContinue]).toEqual([
      'fund-transfer-amount',
      amount,
      canContinue,
    ]);
  });

  it("sends the coin from the chosen wallet: 'Confirm with {wallet}', 'Success!', closed after 4 s", async () => {
    const { flow, asked, screen, dismissals } = harness([wallet(2)]);
    await flow.funding.wallets();
    flow.funding.pickWallet(wallet(2).address);
    const sending = flow.funding.confirmTransfer();
    expect([screen().name, screen().status]).toEqual(['fund-transfer-confirm', 'confirm']);
    await sending;
    expect(screen().status).toBe('success');
    expect(asked).toEqual([
      { switch: wallet(2).address, chainId: 8453 },
      { from: wallet(2).address, to: destination, value: `0x${(5n * 10n ** 17n).toString(16)}` },
    ]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(dismissals()).toBe(1);
  });

  it("sends USDC with the token's transfer on its known contract", async () => {
    const { flow, asked } = harness([wallet(2)], { asset: 'USDC', symbol: 'USDC', decimals: 6, amount: '2' });
    await flow.funding.wallets();
    flow.funding.pickWallet(wallet(2).address);
    await flow.funding.confirmTransfer();
    expect(asked[1]).toEqual({
      from: wallet(2).address,
      to: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      data: erc20Transfer(destination, 2_000_000n),
    });
  });

  it("shows the wallet's refusal with a retry", async () => {
    const { flow, screen } = harness([wallet(2)], {}, true);
    await flow.funding.wallets();
    flow.funding.pickWallet(wallet(2).address);
    await flow.funding.confirmTransfer();
    expect([screen().status, screen().error]).toEqual(['failed', 'User rejected the request.']);
  });

  it('is disabled with a warning for USDC on a chain without a known USDC contract', () => {
    const { screen } = harness([], { chain: { chainType: 'ethereum', chainId: 31337 }, asset: 'USDC' });
    expect((screen().chooser as { wallets: unknown }).wallets).toEqual({
      method: 'wallets',
      provider: null,
      disabledReason: 'USDC is not supported on chain 31337',
    });
  });
});

describe('parseAmount', () => {
  it.each([
    ['1', 18, 10n ** 18n],
    ['0.5', 6, 500_000n],
    ['.25', 6, 250_000n],
    ['1.1234567', 6, 1_123_456n],
  ] as const)('%s with %d decimals', (amount, decimals, value) => {
    expect(parseAmount(amount, decimals)).toBe(value);
  });
});
