import { describe, expect, it } from 'vitest';
import { type FundingConfig, fundingConfigEnabled, fundingProviderEnabled } from './funding-config.ts';

type Turned = Pick<FundingConfig, 'methods' | 'options'>;
const config = (methods: FundingConfig['methods'], options: FundingConfig['options'] = []): Turned => ({
  methods,
  options,
});

describe('funding config: what it turns on (spec document 2 §5)', () => {
  it.each<[string, Turned | null, boolean, boolean, boolean]>([
    ['no config', null, false, false, false],
    ['nothing listed', config([]), false, false, false],
    ['Coinbase by its method', config(['coinbase-onramp']), true, true, false],
    ['MoonPay by its method', config(['moonpay']), true, false, true],
    [
      'transfers only',
      config(['external'], [{ method: 'wallets', provider: 'external' }]),
      true,
      false,
      false,
    ],
    [
      'Coinbase by an exchange option',
      config([], [{ method: 'exchange', provider: 'coinbase' }]),
      true,
      true,
      false,
    ],
    ['MoonPay by a card option', config([], [{ method: 'card', provider: 'moonpay' }]), true, false, true],
    ['both', config(['moonpay'], [{ method: 'card', provider: 'coinbase' }]), true, true, true],
  ])('%s', (_, turned, enabled, coinbase, moonpay) => {
    expect(fundingConfigEnabled(turned)).toBe(enabled);
    expect(fundingProviderEnabled(turned, 'coinbase')).toBe(coinbase);
    expect(fundingProviderEnabled(turned, 'moonpay')).toBe(moonpay);
  });
});
