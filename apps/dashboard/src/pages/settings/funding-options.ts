import {
  type FundingOptionConfig,
  type FundingProviderName,
  fundingProvidersOf,
  walletsOptionProvider,
} from '@latchkey/protocol';

/**
 * The Funding section's options (`funding_config.options`) as switches: each method with each
 * provider that serves it (protocol's `fundingProvidersOf`), and transfer from another wallet. The
 * app's preferred card provider is the card option listed first, as the client reads it.
 */

export interface FundingOptionChoice extends FundingOptionConfig {
  label: string;
}

const providerNames: Record<FundingProviderName, string> = { coinbase: 'Coinbase', moonpay: 'MoonPay' };
const methodNames = { card: 'Pay with card', exchange: 'Transfer from an exchange' } as const;

export const fundingOptionChoices: readonly FundingOptionChoice[] = [
  ...(['card', 'exchange'] as const).flatMap((method) =>
    fundingProvidersOf[method].map((provider) => ({
      method,
      provider,
      label: `${methodNames[method]} (${providerNames[provider]})`,
    })),
  ),
  { method: 'wallets', provider: walletsOptionProvider, label: 'Transfer from wallet' },
];

const same = (a: FundingOptionConfig, b: FundingOptionConfig) =>
  a.method === b.method && (a.method === 'wallets' || a.provider === b.provider);

export const hasOption = (options: readonly FundingOptionConfig[], choice: FundingOptionConfig) =>
  options.some((option) => same(option, choice));

/** The options with `choice` on (added at the end) or off; the rest keep their order. */
export function withOption(
  options: readonly FundingOptionConfig[],
  choice: FundingOptionConfig,
  on: boolean,
): FundingOptionConfig[] {
  const rest = options.filter((option) => !same(option, choice));
  return on ? [...rest, { method: choice.method, provider: choice.provider }] : rest;
}

/** The card providers the options turn on, in order: the first is the preferred one. */
export const cardProviders = (options: readonly FundingOptionConfig[]): string[] =>
  options.filter((option) => option.method === 'card').map((option) => option.provider);

/** The options with `provider`'s card option moved before the other card options. */
export function preferCardProvider(
  options: readonly FundingOptionConfig[],
  provider: string,
): FundingOptionConfig[] {
  const preferred = options.find((option) => option.method === 'card' && option.provider === provider);
  if (!preferred) return [...options];
  const firstCard = options.findIndex((option) => option.method === 'card');
  const rest = options.filter((option) => option !== preferred);
  return [...rest.slice(0, firstCard), preferred, ...rest.slice(firstCard)];
}

export const providerLabel = (provider: string) => providerNames[provider as FundingProviderName] ?? provider;

/** The on-ramps (`funding_config.methods`) in people's words. */
const methodLabels: Record<string, string> = {
  moonpay: 'MoonPay',
  'coinbase-onramp': 'Coinbase Onramp',
  external: 'External wallets',
};
export const fundingMethodLabel = (method: string) => methodLabels[method] ?? method;
