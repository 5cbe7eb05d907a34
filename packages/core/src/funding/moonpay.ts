import type { MoonpaySignRequest } from '@latchkey/protocol';
import { assetKind, type FundingAsset, type FundingChain } from './asset.ts';
import { fundingChainIds } from './chains.ts';

/**
 * The second card provider, MoonPay (spec document 2 §5, §7; REFERENCES §5.2): its currency codes
 * per chain and asset, and the body of the sign route (`plugins/moonpay_on_ramp/sign`).
 *
 * Two spellings of each code: `provider` is MoonPay's own currency code (`eth_base`), the one its
 * widget URL and status API carry and the one Latchkey's sign route accepts (it passes it through);
 * `wire` is the incumbent's client spelling (`ETH_BASE`), which the incumbent's server translates.
 * Kept so that a server translation for the incumbent's SDK has one table to read.
 */
export interface MoonpayCurrency {
  wire: string;
  provider: string;
}

const code = (wire: string, provider: string): MoonpayCurrency => ({ wire, provider });

/**
 * §5: Arbitrum, Base, Polygon, Ethereum have native and USDC forms; Avalanche C-chain uses AVAX;
 * Celo uses CELO. The incumbent also sends `USDC_CCHAIN`, which its own server refuses, and
 * `MON_MON` (Monad), which the spec does not name: both are left out. Optimism is not in §5's list
 * either: it falls back like any unknown chain.
 */
const evmCodes: Readonly<Record<number, { native: MoonpayCurrency; USDC?: MoonpayCurrency }>> = {
  [fundingChainIds.ethereum]: { native: code('ETH_ETHEREUM', 'eth'), USDC: code('USDC_ETHEREUM', 'usdc') },
  [fundingChainIds.arbitrum]: {
    native: code('ETH_ARBITRUM', 'eth_arbitrum'),
    USDC: code('USDC_ARBITRUM', 'usdc_arbitrum'),
  },
  [fundingChainIds.base]: { native: code('ETH_BASE', 'eth_base'), USDC: code('USDC_BASE', 'usdc_base') },
  // The incumbent's client still sends MATIC_POLYGON; MoonPay renamed the coin POL (pol_polygon).
  [fundingChainIds.polygon]: {
    native: code('MATIC_POLYGON', 'pol_polygon'),
    USDC: code('USDC_POLYGON', 'usdc_polygon'),
  },
  [fundingChainIds.avalanche]: { native: code('AVAX_CCHAIN', 'avax_cchain') },
  [fundingChainIds.celo]: { native: code('CELO_CELO', 'celo') },
};

const solanaCodes = { native: code('SOL', 'sol'), USDC: code('USDC_SOL', 'usdc_sol') } as const;

/** What an unsupported chain falls back to (§5: Ethereum mainnet, with a warning). */
export const moonpayFallbackCurrency =
  evmCodes[fundingChainIds.ethereum]?.native ?? code('ETH_ETHEREUM', 'eth');

/** Whether MoonPay sells `asset` on `chain` (§5: Solana always; an arbitrary ERC-20 never). */
export function moonpaySupports(chain: FundingChain, asset: FundingAsset): boolean {
  if (chain.chainType === 'solana') return true;
  const kind = assetKind(asset);
  if (kind === 'erc20') return false;
  const codes = evmCodes[chain.chainId];
  return kind === 'USDC' ? codes?.USDC !== undefined : codes !== undefined;
}

/**
 * The currency code for `asset` on `chain`. `fallback` is true when MoonPay does not sell it there
 * and Ethereum mainnet's ETH stands in: the caller warns (§5), since the user would buy on another chain.
 */
export function moonpayCurrency(
  chain: FundingChain,
  asset: FundingAsset,
): MoonpayCurrency & { fallback: boolean } {
  if (chain.chainType === 'solana') {
    return { ...(asset === 'USDC' ? solanaCodes.USDC : solanaCodes.native), fallback: false };
  }
  const codes = evmCodes[chain.chainId];
  const found =
    asset === 'USDC' ? codes?.USDC : assetKind(asset) === 'native-currency' ? codes?.native : undefined;
  return found ? { ...found, fallback: false } : { ...moonpayFallbackCurrency, fallback: true };
}

/** The funding methods MoonPay serves, as its `paymentMethod` (a wallet pay sheet is a card payment). */
export const moonpayPaymentMethods = {
  card: 'credit_debit_card',
  'payment-request': 'credit_debit_card',
} as const;

export interface MoonpaySignRequestParameters {
  address: string;
  chain: FundingChain;
  asset: FundingAsset;
  /** The crypto amount to preset. */
  amount?: string | undefined;
  method?: keyof typeof moonpayPaymentMethods | undefined;
  useSandbox?: boolean | undefined;
  uiConfig?: MoonpaySignRequest['config']['uiConfig'] | undefined;
  /** The host's `moonpayConfigOverride`: wins over what is derived here. */
  overrides?: Partial<MoonpaySignRequest['config']> | undefined;
}

/** The sign route's body for one purchase. */
export function moonpaySignRequest(params: MoonpaySignRequestParameters): MoonpaySignRequest {
  const amount = params.amount === undefined ? undefined : Number(params.amount);
  return {
    address: params.address,
    useSandbox: params.useSandbox ?? false,
    config: {
      currencyCode: moonpayCurrency(params.chain, params.asset).provider,
      paymentMethod: moonpayPaymentMethods[params.method ?? 'card'],
      ...(amount !== undefined && Number.isFinite(amount) && amount > 0
        ? { quoteCurrencyAmount: amount }
        : {}),
      ...(params.uiConfig ? { uiConfig: params.uiConfig } : {}),
      ...params.overrides,
    },
  };
}

/**
 * The publishable key the status API wants, read from the signed widget URL (its `apiKey`): the
 * app config does not carry it, and the URL the server signed for this purchase always does.
 */
export function moonpayPublishableKey(signedUrl: string): string | null {
  try {
    return new URL(signedUrl).searchParams.get('apiKey');
  } catch {
    return null;
  }
}
