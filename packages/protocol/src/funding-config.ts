/**
 * The app's funding config (`funding_config` in `GET /api/v1/apps/:app_id`, spec document 2 §3) and
 * the names and texts the server's checks of it share with the client's (§5, §8): one place for each.
 */

/**
 * The on-ramps an app turns on (`funding_config.methods`): the incumbent's values, so an app config
 * written for it reads the same here.
 */
export const fundingConfigMethods = ['moonpay', 'coinbase-onramp', 'external'] as const;
export type FundingConfigMethod = (typeof fundingConfigMethods)[number];

/** The default funding method a host may name (`defaultFundingMethod`, spec document 2 §3, §4). */
export const fundingMethods = ['card', 'exchange', 'wallet', 'manual'] as const;

/** The method of a funding option (`funding_config.options[].method`, spec document 2 §3). */
export const fundingOptionMethods = ['card', 'exchange', 'wallets'] as const;
export type FundingOptionMethod = (typeof fundingOptionMethods)[number];

/** The on-ramp providers a card or exchange option may name. */
export const fundingProviders = ['coinbase', 'moonpay'] as const;
export type FundingProviderName = (typeof fundingProviders)[number];

/** Spec document 2 §9: card by both providers, exchange by the first only. */
export const fundingProvidersOf: Readonly<Record<'card' | 'exchange', readonly FundingProviderName[]>> = {
  card: ['coinbase', 'moonpay'],
  exchange: ['coinbase'],
};

/**
 * What a transfer from another wallet names as its provider: the incumbent's dashboard writes
 * `external`; the client ignores it.
 */
export const walletsOptionProvider = 'external';

/**
 * One funding option, in the order the chooser offers them; among the card options the first is the
 * app's preferred provider (a host's `card.preferredProvider` still wins).
 */
export interface FundingOptionConfig {
  method: FundingOptionMethod;
  provider: string;
}

/** The asset to suggest: the chain's native currency, USDC, or a token's address (or Solana mint). */
export type FundingConfigAsset = 'native-currency' | 'USDC' | (string & {});

export interface FundingConfig {
  methods: FundingConfigMethod[];
  options: FundingOptionConfig[];
  /** A decimal amount of the asset, e.g. `0.01`. */
  default_recommended_amount: string;
  /** A CAIP-2 chain (`eip155:8453`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`) and optional asset. */
  default_recommended_currency: { chain: string; asset?: FundingConfigAsset };
  /** Open the funding screens right after the user's embedded wallet is created. */
  prompt_funding_on_wallet_creation: boolean;
  /** Offer the bridge to Solana (a balance on an EVM chain funds a Solana wallet). */
  cross_chain_bridging_enabled: boolean;
}

/** What a field left out of a stored funding config reads as. */
export const defaultFundingConfig: FundingConfig = {
  methods: [],
  options: [],
  default_recommended_amount: '0.01',
  default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
  prompt_funding_on_wallet_creation: false,
  cross_chain_bridging_enabled: false,
};

/** The Solana clusters by CAIP-2 id (the first 32 characters of each cluster's genesis hash). */
export const solanaClusterChains = {
  'mainnet-beta': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;

/**
 * The EVM chains funding knows by id (spec document 2 §9: known USDC addresses for about 12 chains).
 * The ids are the chains' EIP-155 ids.
 */
export const fundingChainIds = {
  ethereum: 1,
  sepolia: 11155111,
  optimism: 10,
  optimismSepolia: 11155420,
  polygon: 137,
  polygonAmoy: 80002,
  base: 8453,
  baseSepolia: 84532,
  avalanche: 43114,
  avalancheFuji: 43113,
  arbitrum: 42161,
  arbitrumSepolia: 421614,
  celo: 42220,
} as const;

/**
 * The funding texts the server's check of a funding config and the client's check of a funding
 * request share (spec document 2 §5, §8). `LatchkeyProvider` stands where the incumbent names its own
 * provider.
 */
export const fundingConfigMessages = {
  notEnabled: 'Wallet funding is not enabled',
  chainNotConfigured: (chainId: number | string) =>
    `Funding chain ${chainId} is not in LatchkeyProvider chains list`,
  solanaTestnetUsdc: 'USDC funding is not supported on the Solana testnet',
} as const;

/** Whether a funding config turns funding on: at least one method or option (spec document 2 §5). */
export function fundingConfigEnabled(config: Pick<FundingConfig, 'methods' | 'options'> | null): boolean {
  return (config?.methods?.length ?? 0) > 0 || (config?.options?.length ?? 0) > 0;
}

/** The `methods` value that turns each on-ramp provider on (the incumbent's names). */
const providerMethod: Readonly<Record<FundingProviderName, FundingConfigMethod>> = {
  coinbase: 'coinbase-onramp',
  moonpay: 'moonpay',
};

/**
 * Whether a funding config turns `provider` on: its method is listed, or an option names it. The
 * server's on-ramp routes check it, so an app that turned a provider off cannot be made to spend its
 * provider key by a user's token.
 */
export function fundingProviderEnabled(
  config: Pick<FundingConfig, 'methods' | 'options'> | null,
  provider: FundingProviderName,
): boolean {
  return (
    (config?.methods ?? []).includes(providerMethod[provider]) ||
    (config?.options ?? []).some((option) => option.provider === provider)
  );
}

/**
 * The app settings of the two card providers (server-side, never in the public config); the
 * secret halves are sealed at rest and shown as `set`.
 */
export const fundingSettingFields = {
  /** The CDP secret API key's name (`organizations/…/apiKeys/…`, or the newer bare key id). */
  cdpKeyName: 'coinbase_cdp_api_key_name',
  /** Its private key: a PEM EC (ES256) key, or a base64 Ed25519 key, as the CDP portal gives them. */
  cdpPrivateKey: 'coinbase_cdp_api_private_key',
  /** MoonPay's publishable key (`pk_live_…`, `pk_test_…` for the sandbox): public, it sits in the URL. */
  moonpayPublishableKey: 'moonpay_publishable_key',
  /** MoonPay's secret key (`sk_…`): signs the widget URL. */
  moonpaySecretKey: 'moonpay_secret_key',
} as const;
