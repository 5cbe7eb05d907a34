import { describe, expect, it } from 'vitest';
import {
  cardProviders,
  fundingMethodLabel,
  fundingOptionChoices,
  hasOption,
  preferCardProvider,
  withOption,
} from './funding-options.ts';

const card = (provider: string) => ({ method: 'card' as const, provider });
const exchange = { method: 'exchange' as const, provider: 'coinbase' };
const wallets = { method: 'wallets' as const, provider: 'external' };

describe("the Funding section's options", () => {
  it('offers each method with each provider that serves it, and transfer from wallet', () => {
    expect(fundingOptionChoices.map(({ label }) => label)).toEqual([
      'Pay with card (Coinbase)',
      'Pay with card (MoonPay)',
      'Transfer from an exchange (Coinbase)',
      'Transfer from wallet',
    ]);
  });

  it('turns an option on at the end and off in place, keeping the order of the rest', () => {
    const on = withOption(withOption([card('moonpay')], exchange, true), card('coinbase'), true);
    expect(on).toEqual([card('moonpay'), exchange, card('coinbase')]);
    expect(withOption(on, exchange, false)).toEqual([card('moonpay'), card('coinbase')]);
    // Turning on what is on does not list it twice (the server refuses a duplicate).
    expect(withOption(on, card('moonpay'), true)).toEqual([exchange, card('coinbase'), card('moonpay')]);
  });

  it('reads a transfer from wallet whatever provider name the incumbent stored', () => {
    expect(hasOption([{ method: 'wallets', provider: 'privy' }], wallets)).toBe(true);
    expect(withOption([{ method: 'wallets', provider: 'privy' }], wallets, false)).toEqual([]);
  });

  it('the preferred card provider is the first card option; preferring one moves it there', () => {
    const options = [exchange, card('coinbase'), wallets, card('moonpay')];
    expect(cardProviders(options)).toEqual(['coinbase', 'moonpay']);
    const moved = preferCardProvider(options, 'moonpay');
    expect(moved).toEqual([exchange, card('moonpay'), card('coinbase'), wallets]);
    expect(cardProviders(moved)).toEqual(['moonpay', 'coinbase']);
    expect(preferCardProvider(options, 'stripe')).toEqual(options);
  });

  it("names the on-ramps in people's words", () => {
    expect(['moonpay', 'coinbase-onramp', 'external', 'other'].map(fundingMethodLabel)).toEqual([
      'MoonPay',
      'Coinbase Onramp',
      'External wallets',
      'other',
    ]);
  });
});
