import { fundingProvidersOf } from '@latchkey/protocol';
import type { FundingAsset, FundingChain } from './asset.ts';
import { knownUsdcAddress } from './chains.ts';
import { coinbaseSupports } from './coinbase.ts';
import { fundingMessages } from './messages.ts';
import { moonpaySupports } from './moonpay.ts';

/**
 * Which of the app's funding options a request can use (spec document 2 §3 `supportedOptions`, §5):
 * a provider's card or exchange option only where it sells the chain and asset; transfer from
 * another wallet always, but with USDC only where USDC's contract is known.
 */

export type FundingOptionMethod = 'card' | 'exchange' | 'wallets';
export type FundingProvider = 'coinbase' | 'moonpay';

export interface FundingOption {
  method: FundingOptionMethod;
  /** Card and exchange: who serves it; transfer from wallet: none. */
  provider: FundingProvider | null;
  /** Set when the option shows but cannot be used (§5: "disabled with a warning"). */
  disabledReason: string | null;
}

export interface SupportedFundingOptionsParameters {
  /** The app's `funding_config.options`, read as strings: a newer server may name more. */
  options: readonly { method: string; provider: string }[];
  chain: FundingChain;
  asset: FundingAsset;
  /** USDC contracts the app adds (a local chain's token), see `knownUsdcAddress`. */
  extraUsdcAddresses?: Readonly<Record<number, string>> | undefined;
}

const sells: Record<FundingProvider, (chain: FundingChain, asset: FundingAsset) => boolean> = {
  coinbase: coinbaseSupports,
  moonpay: moonpaySupports,
};
// Spec document 2 §9: card by both providers, exchange by the first only.
const servedBy = fundingProvidersOf;

const isProvider = (value: string): value is FundingProvider => value === 'coinbase' || value === 'moonpay';

/** The app's options this request can offer, in the app's order; unknown methods and providers dropped. */
export function supportedFundingOptions({
  options,
  chain,
  asset,
  extraUsdcAddresses,
}: SupportedFundingOptionsParameters): FundingOption[] {
  const supported: FundingOption[] = [];
  for (const { method, provider } of options) {
    if (method === 'wallets') {
      const evmChainId = chain.chainType === 'ethereum' ? chain.chainId : null;
      const usdcMissing =
        asset === 'USDC' && evmChainId !== null && !knownUsdcAddress(evmChainId, extraUsdcAddresses);
      supported.push({
        method,
        provider: null,
        disabledReason: usdcMissing ? fundingMessages.usdcUnknown(evmChainId ?? 0) : null,
      });
    } else if ((method === 'card' || method === 'exchange') && isProvider(provider)) {
      if (servedBy[method].includes(provider) && sells[provider](chain, asset)) {
        supported.push({ method, provider, disabledReason: null });
      }
    }
  }
  return supported;
}

/** The chooser's rows, derived from the supported options and the last failure. */
export interface FundingChooser {
  /** 'Pay with card': the preferred provider when it can serve, else the first the app lists. */
  card: FundingOption | null;
  /** The other card provider, behind 'Try a different provider.'; null hides the hint. */
  alternateCard: FundingOption | null;
  /** 'Transfer from an exchange'. */
  exchange: FundingOption | null;
  /** 'Transfer from wallet'. */
  wallets: FundingOption | null;
  /** 'Receive funds' needs no provider: always offered. */
  receive: true;
  /** The banner after a failed attempt (§2, §4), or null. */
  errorMessage: string | null;
}

export interface FundingChooserParameters {
  supported: readonly FundingOption[];
  /** The host's `card.preferredProvider`: sorts first (§5). */
  preferredCardProvider?: FundingProvider | undefined;
  errorMessage?: string | null | undefined;
}

export function fundingChooser({
  supported,
  preferredCardProvider,
  errorMessage = null,
}: FundingChooserParameters): FundingChooser {
  const cards = supported
    .filter((option) => option.method === 'card')
    .sort(
      (a, b) => Number(b.provider === preferredCardProvider) - Number(a.provider === preferredCardProvider),
    );
  return {
    card: cards[0] ?? null,
    alternateCard: cards.find((option) => option.provider !== cards[0]?.provider) ?? null,
    exchange: supported.find((option) => option.method === 'exchange') ?? null,
    wallets: supported.find((option) => option.method === 'wallets') ?? null,
    receive: true,
    errorMessage,
  };
}
