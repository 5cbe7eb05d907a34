import { describe, expect, it } from 'vitest';
import type { FundingChain } from './asset.ts';
import {
  clearDefaultFundingMethod,
  enterFundingChooser,
  initialDefaultFundingMethod,
} from './default-method.ts';
import { type FundingOption, fundingChooser, supportedFundingOptions } from './options.ts';

const allOptions = [
  { method: 'card', provider: 'coinbase' },
  { method: 'card', provider: 'moonpay' },
  { method: 'exchange', provider: 'coinbase' },
  { method: 'wallets', provider: 'coinbase' },
];
const evm = (chainId: number): FundingChain => ({ chainType: 'ethereum', chainId });
const card = (provider: 'coinbase' | 'moonpay'): FundingOption => ({
  method: 'card',
  provider,
  disabledReason: null,
});
const wallets: FundingOption = { method: 'wallets', provider: null, disabledReason: null };
const exchange: FundingOption = { method: 'exchange', provider: 'coinbase', disabledReason: null };

// Spec document 2 §3 supportedOptions, §5.
describe('supportedFundingOptions', () => {
  it('offers every option where both providers sell the asset', () => {
    expect(supportedFundingOptions({ options: allOptions, chain: evm(8453), asset: 'USDC' })).toEqual([
      card('coinbase'),
      card('moonpay'),
      exchange,
      wallets,
    ]);
  });

  it('drops a provider that does not sell the chain (Optimism: not the second provider’s)', () => {
    expect(
      supportedFundingOptions({ options: allOptions, chain: evm(10), asset: 'native-currency' }),
    ).toEqual([card('coinbase'), exchange, wallets]);
  });

  it('always allows Solana', () => {
    const chain: FundingChain = { chainType: 'solana', cluster: 'devnet' };
    expect(supportedFundingOptions({ options: allOptions, chain, asset: 'USDC' })).toHaveLength(4);
  });

  it('disables transfer from wallet for USDC where its contract is unknown, with a warning', () => {
    expect(supportedFundingOptions({ options: allOptions, chain: evm(31337), asset: 'USDC' })).toEqual([
      { method: 'wallets', provider: null, disabledReason: 'USDC is not supported on chain 31337' },
    ]);
    expect(
      supportedFundingOptions({
        options: allOptions,
        chain: evm(31337),
        asset: 'USDC',
        extraUsdcAddresses: { 31337: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      }),
    ).toEqual([wallets]);
  });

  it('ignores unknown methods, unknown providers and an exchange the second provider cannot serve', () => {
    const options = [
      { method: 'crypto-atm', provider: 'coinbase' },
      { method: 'card', provider: 'stripe' },
      { method: 'exchange', provider: 'moonpay' },
    ];
    expect(supportedFundingOptions({ options, chain: evm(1), asset: 'native-currency' })).toEqual([]);
  });
});

describe('fundingChooser', () => {
  const supported = [card('coinbase'), card('moonpay'), exchange, wallets];

  it('shows the first card provider, the other behind the hint', () => {
    const chooser = fundingChooser({ supported });
    expect(chooser.card).toEqual(card('coinbase'));
    expect(chooser.alternateCard).toEqual(card('moonpay'));
    expect(chooser.exchange).toEqual(exchange);
    expect(chooser.wallets).toEqual(wallets);
    expect(chooser.receive).toBe(true);
    expect(chooser.errorMessage).toBeNull();
  });

  it('sorts the preferred provider first', () => {
    const chooser = fundingChooser({ supported, preferredCardProvider: 'moonpay' });
    expect(chooser.card).toEqual(card('moonpay'));
    expect(chooser.alternateCard).toEqual(card('coinbase'));
  });

  it('hides the hint with one card provider, and the card row with none', () => {
    expect(fundingChooser({ supported: [card('moonpay')], preferredCardProvider: 'coinbase' })).toMatchObject(
      {
        card: card('moonpay'),
        alternateCard: null,
      },
    );
    expect(fundingChooser({ supported: [wallets] })).toMatchObject({
      card: null,
      alternateCard: null,
      exchange: null,
    });
  });

  it('carries the banner after a failure', () => {
    expect(fundingChooser({ supported, errorMessage: 'Something went wrong' }).errorMessage).toBe(
      'Something went wrong',
    );
  });
});

describe('the default funding method', () => {
  const chooser = fundingChooser({ supported: [card('moonpay'), card('coinbase'), exchange, wallets] });

  it.each([
    ['card', { type: 'card', provider: 'moonpay' }],
    ['exchange', { type: 'exchange', provider: 'coinbase' }],
    ['wallet', { type: 'wallet' }],
    ['manual', { type: 'receive' }],
  ] as const)('%s runs once on entry, then the chooser shows', (method, action) => {
    const first = enterFundingChooser(initialDefaultFundingMethod(method), chooser);
    expect(first.action).toEqual(action);
    expect(enterFundingChooser(first.state, chooser).action).toBeNull();
  });

  it('does nothing when none is set', () => {
    expect(enterFundingChooser(initialDefaultFundingMethod(undefined), chooser)).toEqual({
      state: { pending: null },
      action: null,
    });
  });

  it('is cleared by going back before it ran', () => {
    expect(enterFundingChooser(clearDefaultFundingMethod(), chooser).action).toBeNull();
  });

  it('shows the chooser when the request cannot serve it, and drops it', () => {
    const bare = fundingChooser({
      supported: [{ ...wallets, disabledReason: 'USDC is not supported on chain 31337' }],
    });
    for (const method of ['card', 'exchange', 'wallet'] as const) {
      expect(enterFundingChooser(initialDefaultFundingMethod(method), bare)).toEqual({
        state: { pending: null },
        action: null,
      });
    }
  });
});
