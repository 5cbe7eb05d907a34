import type { FundingConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../errors.ts';
import type { FundingChain } from './asset.ts';
import { isUsdcAddress, knownUsdcAddress, solanaUsdcMints, usdcAddresses } from './chains.ts';
import { assertFundingRequest, canContinueWithAmount, isFundingAmountInput } from './validation.ts';

const config: FundingConfig = {
  methods: ['coinbase-onramp'],
  options: [{ method: 'card', provider: 'coinbase' }],
  default_recommended_amount: '0.01',
  default_recommended_currency: { chain: 'eip155:1' },
  prompt_funding_on_wallet_creation: false,
  cross_chain_bridging_enabled: false,
};
const base: FundingChain = { chainType: 'ethereum', chainId: 8453 };

function refusal(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(LatchkeyClientError);
    expect((error as LatchkeyClientError).code).toBe('invalid_funding_request');
    return (error as Error).message;
  }
}

// Spec document 2 §5.
describe('assertFundingRequest', () => {
  const cases: [string, Parameters<typeof assertFundingRequest>[0], string | null][] = [
    [
      'no app config',
      { app: null, chain: base, asset: 'USDC', supportedChainIds: [8453] },
      'Wallet funding is not enabled',
    ],
    [
      'funding_config null',
      { app: { funding_config: null }, chain: base, asset: 'USDC', supportedChainIds: [8453] },
      'Wallet funding is not enabled',
    ],
    [
      'no method nor option',
      {
        app: { funding_config: { ...config, methods: [], options: [] } },
        chain: base,
        asset: 'USDC',
        supportedChainIds: [8453],
      },
      'Wallet funding is not enabled',
    ],
    [
      'chain not configured',
      {
        app: { funding_config: config },
        chain: { chainType: 'ethereum', chainId: 10 },
        asset: 'USDC',
        supportedChainIds: [1, 8453],
      },
      'Funding chain 10 is not in LatchkeyProvider chains list',
    ],
    [
      'USDC on the Solana testnet',
      {
        app: { funding_config: config },
        chain: { chainType: 'solana', cluster: 'testnet' },
        asset: 'USDC',
        supportedChainIds: [],
      },
      'USDC funding is not supported on the Solana testnet',
    ],
    [
      'Base USDC',
      { app: { funding_config: config }, chain: base, asset: 'USDC', supportedChainIds: [8453] },
      null,
    ],
    [
      'SOL on the Solana testnet',
      {
        app: { funding_config: config },
        chain: { chainType: 'solana', cluster: 'testnet' },
        asset: 'native-currency',
        supportedChainIds: [],
      },
      null,
    ],
    [
      'USDC on devnet',
      {
        app: { funding_config: config },
        chain: { chainType: 'solana', cluster: 'devnet' },
        asset: 'USDC',
        supportedChainIds: [],
      },
      null,
    ],
  ];
  it.each(cases)('%s', (_name, request, message) => {
    expect(refusal(() => assertFundingRequest(request))).toBe(message);
  });
});

describe('the amount field', () => {
  it.each([
    ['', true, false],
    ['0', true, false],
    ['0.', true, false],
    ['.', true, false],
    ['0.00', true, false],
    ['.5', true, true],
    ['1', true, true],
    ['1.25', true, true],
    ['10.', true, true],
    ['1.2.3', false, false],
    ['1,5', false, false],
    ['-1', false, false],
    ['1e3', false, false],
    [' 1', false, false],
    ['abc', false, false],
  ])('%j: accepted %s, Continue %s', (text, accepted, canContinue) => {
    expect(isFundingAmountInput(text)).toBe(accepted);
    expect(canContinueWithAmount(text)).toBe(canContinue);
  });
});

describe('known USDC addresses', () => {
  it.each([
    [1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    [11155111, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'],
    [10, '0x0b2c639c533813f4aa9d7837caf62653d097ff85'],
    [11155420, '0x5fd84259d66Cd46123540766Be93DFE6D43130D7'],
    [137, '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'],
    [80002, '0x41e94eb019c0762f9bfcf9fb1e58725bfb0e7582'],
    [8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    [84532, '0x036CbD53842c5426634e7929541eC2318f3dCF7e'],
    [43114, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'],
    [43113, '0x5425890298aed601595a70ab815c96711a31bc65'],
    [42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
    [421614, '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d'],
  ])('chain %s: %s', (chainId, address) => {
    expect(knownUsdcAddress(chainId)).toBe(address);
    expect(isUsdcAddress(chainId, address.toUpperCase().replace('0X', '0x'))).toBe(true);
  });

  it('lists exactly those twelve chains', () => {
    expect(Object.keys(usdcAddresses)).toHaveLength(12);
  });

  it('knows none on an unlisted chain unless the app adds one', () => {
    expect(knownUsdcAddress(31337)).toBeNull();
    expect(knownUsdcAddress(31337, { 31337: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })).toBe(
      '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    );
    expect(isUsdcAddress(31337, '0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(false);
  });

  it('has Solana USDC mints on mainnet-beta and devnet, none on testnet', () => {
    expect(solanaUsdcMints).toEqual({
      'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
      testnet: null,
    });
  });
});
