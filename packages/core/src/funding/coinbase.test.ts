import { describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../errors.ts';
import type { FundingAsset, FundingChain } from './asset.ts';
import {
  coinbaseAsset,
  coinbaseAssetIds,
  coinbaseBuyUrl,
  coinbaseInitRequest,
  coinbaseNetwork,
  coinbaseSupports,
  presetCryptoAmount,
} from './coinbase.ts';

const evm = (chainId: number): FundingChain => ({ chainType: 'ethereum', chainId });
const solana: FundingChain = { chainType: 'solana', cluster: 'mainnet-beta' };
const session = { app_id: 'cdp-app', session_token: 'tok/+=1', partner_user_id: 'pu-1' };

// Spec document 2 §5 and §9, REFERENCES §5.1.
describe('the first provider’s chains and assets', () => {
  it.each([
    [evm(1), 'native-currency', 'ethereum', 'ETH'],
    [evm(1), 'USDC', 'ethereum', 'USDC'],
    [evm(8453), 'native-currency', 'base', 'ETH'],
    [evm(8453), 'USDC', 'base', 'USDC'],
    [evm(10), 'native-currency', 'optimism', 'ETH'],
    [evm(137), 'native-currency', 'polygon', 'POL'],
    [evm(137), 'USDC', 'polygon', 'USDC'],
    [evm(42161), 'USDC', 'arbitrum', 'USDC'],
    [solana, 'native-currency', 'solana', 'SOL'],
    [solana, 'USDC', 'solana', 'USDC'],
  ] as [FundingChain, FundingAsset, string, string][])('%j %s → %s, %s', (chain, asset, network, ticker) => {
    expect(coinbaseSupports(chain, asset)).toBe(true);
    expect(coinbaseNetwork(chain)).toBe(network);
    expect(coinbaseAsset(chain, asset)).toBe(ticker);
  });

  it.each([11155111, 84532, 43114, 42220, 31337])(
    "refuses chain %s: 'Unsupported chainId: {id} for Coinbase Onramp'",
    (chainId) => {
      expect(coinbaseSupports(evm(chainId), 'native-currency')).toBe(false);
      let error: unknown;
      try {
        coinbaseNetwork(evm(chainId));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(LatchkeyClientError);
      expect(error).toMatchObject({
        code: 'unsupported_chain_id',
        message: `Unsupported chainId: ${chainId} for Coinbase Onramp`,
      });
    },
  );

  it('sells no arbitrary ERC-20, even on a chain it serves', () => {
    expect(coinbaseSupports(evm(1), { erc20: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toBe(false);
  });

  it('names the address, network and asset in the session request', () => {
    expect(coinbaseInitRequest('0xabc', evm(8453), 'USDC')).toEqual({
      addresses: [{ address: '0xabc', blockchains: ['base'] }],
      assets: ['USDC'],
    });
  });
});

describe('presetCryptoAmount', () => {
  it.each([
    ['.5', '0.5'],
    ['0.5', '0.5'],
    ['10', '10'],
    ['.05', '0.05'],
  ])('%j → %j', (amount, preset) => {
    expect(presetCryptoAmount(amount)).toBe(preset);
  });
});

describe('coinbaseBuyUrl', () => {
  it('builds the buy page with the incumbent’s query, in its order', () => {
    const url = coinbaseBuyUrl({
      appId: 'app1',
      session,
      amount: '.1',
      chain: evm(8453),
      asset: 'USDC',
      experience: 'buy',
    });
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset');
    expect([...url.searchParams]).toEqual([
      ['appId', 'cdp-app'],
      ['sessionToken', 'tok/+=1'],
      ['endPartnerName', 'latchkey:app1'],
      ['defaultExperience', 'buy'],
      ['presetCryptoAmount', '0.1'],
      ['defaultNetwork', 'base'],
      ['defaultPaymentMethod', 'CARD'],
      ['defaultAsset', coinbaseAssetIds.USDC],
      ['partnerUserId', 'pu-1'],
    ]);
  });

  it('sends from an exchange account in send mode, on a configured host', () => {
    const url = coinbaseBuyUrl({
      appId: 'app1',
      session,
      amount: '2',
      chain: evm(137),
      asset: 'native-currency',
      experience: 'send',
      host: 'http://127.0.0.1:4010',
    });
    expect(url.origin).toBe('http://127.0.0.1:4010');
    expect(url.searchParams.get('defaultPaymentMethod')).toBe('CRYPTO_ACCOUNT');
    expect(url.searchParams.get('defaultExperience')).toBe('send');
    expect(url.searchParams.get('defaultAsset')).toBe('026bcc1e-9163-591c-a709-34dd18b2e7a1');
  });

  it('uses the asset UUIDs of the provider', () => {
    expect(coinbaseAssetIds).toEqual({
      USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
      ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      BTC: '5b71fc48-3dd3-540c-809b-f8c94d0e68b5',
      SOL: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
      POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
    });
    const sol = coinbaseBuyUrl({
      appId: 'a',
      session,
      amount: '1',
      chain: solana,
      asset: 'native-currency',
      experience: 'buy',
    });
    expect(sol.searchParams.get('defaultAsset')).toBe(coinbaseAssetIds.SOL);
    expect(sol.searchParams.get('defaultNetwork')).toBe('solana');
  });

  it('refuses a chain the provider does not serve', () => {
    expect(() =>
      coinbaseBuyUrl({
        appId: 'a',
        session,
        amount: '1',
        chain: evm(31337),
        asset: 'USDC',
        experience: 'buy',
      }),
    ).toThrow('Unsupported chainId: 31337 for Coinbase Onramp');
  });
});
