import { describe, expect, it } from 'vitest';
import type { FundingAsset, FundingChain } from './asset.ts';
import { moonpayCurrency, moonpayPublishableKey, moonpaySignRequest, moonpaySupports } from './moonpay.ts';

const evm = (chainId: number): FundingChain => ({ chainType: 'ethereum', chainId });
const solana: FundingChain = { chainType: 'solana', cluster: 'mainnet-beta' };

// Spec document 2 §5: the second provider's currency codes per chain.
describe('moonpayCurrency', () => {
  it.each([
    [evm(1), 'native-currency', 'ETH_ETHEREUM', 'eth'],
    [evm(1), 'USDC', 'USDC_ETHEREUM', 'usdc'],
    [evm(42161), 'native-currency', 'ETH_ARBITRUM', 'eth_arbitrum'],
    [evm(42161), 'USDC', 'USDC_ARBITRUM', 'usdc_arbitrum'],
    [evm(8453), 'native-currency', 'ETH_BASE', 'eth_base'],
    [evm(8453), 'USDC', 'USDC_BASE', 'usdc_base'],
    [evm(137), 'native-currency', 'MATIC_POLYGON', 'pol_polygon'],
    [evm(137), 'USDC', 'USDC_POLYGON', 'usdc_polygon'],
    [evm(43114), 'native-currency', 'AVAX_CCHAIN', 'avax_cchain'],
    [evm(42220), 'native-currency', 'CELO_CELO', 'celo'],
    [solana, 'native-currency', 'SOL', 'sol'],
    [solana, 'USDC', 'USDC_SOL', 'usdc_sol'],
  ] as [FundingChain, FundingAsset, string, string][])('%j %s → %s (%s)', (chain, asset, wire, provider) => {
    expect(moonpaySupports(chain, asset)).toBe(true);
    expect(moonpayCurrency(chain, asset)).toEqual({ wire, provider, fallback: false });
  });

  it.each([
    [evm(10), 'native-currency'],
    [evm(31337), 'native-currency'],
    [evm(43114), 'USDC'],
    [evm(42220), 'USDC'],
    [evm(1), { erc20: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }],
  ] as [FundingChain, FundingAsset][])(
    'falls back to Ethereum mainnet for %j %j, and says so',
    (chain, asset) => {
      expect(moonpaySupports(chain, asset)).toBe(false);
      expect(moonpayCurrency(chain, asset)).toEqual({
        wire: 'ETH_ETHEREUM',
        provider: 'eth',
        fallback: true,
      });
    },
  );
});

describe('moonpaySignRequest', () => {
  it('asks the sign route for the code, a card payment and the amount', () => {
    expect(
      moonpaySignRequest({
        address: '0xabc',
        chain: evm(8453),
        asset: 'USDC',
        amount: '25',
        uiConfig: { theme: 'dark' },
      }),
    ).toEqual({
      address: '0xabc',
      useSandbox: false,
      config: {
        currencyCode: 'usdc_base',
        paymentMethod: 'credit_debit_card',
        quoteCurrencyAmount: 25,
        uiConfig: { theme: 'dark' },
      },
    });
  });

  it('leaves out an amount that is not a positive number, and lets the host override', () => {
    expect(
      moonpaySignRequest({
        address: 'So1',
        chain: solana,
        asset: 'native-currency',
        amount: '0',
        method: 'payment-request',
        useSandbox: true,
        overrides: { email: 'a@example.com' },
      }),
    ).toEqual({
      address: 'So1',
      useSandbox: true,
      config: { currencyCode: 'sol', paymentMethod: 'credit_debit_card', email: 'a@example.com' },
    });
  });
});

describe('moonpayPublishableKey', () => {
  it.each([
    ['https://buy.moonpay.com/?apiKey=pk_test_1&currencyCode=eth&signature=s', 'pk_test_1'],
    ['https://buy.moonpay.com/?currencyCode=eth', null],
    ['not a url', null],
  ])('%s → %s', (url, key) => {
    expect(moonpayPublishableKey(url)).toBe(key);
  });
});
