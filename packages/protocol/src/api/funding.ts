import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Funding (spec document 2 §3, §4, §7; WIRE.md §3.10; REFERENCES §5): the server's part of the card
 * on-ramps (the first provider's session token made with the app's sealed CDP key, the second
 * provider's widget URL signed with the app's sealed secret key), and the token data the funding
 * screens show (prices, SPL token info). The client polls the providers' own status APIs; their
 * hosts are configuration (`fundingHosts`), never constants, so tests point them at local stand-ins.
 */

/** The blockchains a first-provider session may name (spec document 2 §5: Ethereum, Base, Optimism, Polygon, Arbitrum, and Solana). */
export const coinbaseOnrampNetworks = [
  'ethereum',
  'base',
  'optimism',
  'polygon',
  'arbitrum',
  'solana',
] as const;
export type CoinbaseOnrampNetwork = (typeof coinbaseOnrampNetworks)[number];

/** `POST funding/coinbase_on_ramp/init`. */
export interface CoinbaseOnrampInitRequest {
  addresses: { address: string; blockchains: string[] }[];
  assets?: string[];
}

export interface CoinbaseOnrampInitReply {
  app_id: string;
  /** The provider's single-use session token (5 minutes). */
  session_token: string;
  channel_id?: string;
  /** Who the provider's status API knows the buyer as (`partnerUserId`). */
  partner_user_id: string;
}

/** The provider's statuses, as the status route maps them (CREATED and IN_PROGRESS are `pending`). */
export type OnrampStatus = 'pending' | 'success' | 'failure';

export interface CoinbaseOnrampStatusReply {
  status: OnrampStatus;
}

/** `POST plugins/moonpay_on_ramp/sign` (WIRE.md §3.10). */
export interface MoonpaySignRequest {
  address: string;
  useSandbox?: boolean;
  config: {
    currencyCode?: string;
    paymentMethod?: string;
    quoteCurrencyAmount?: number;
    email?: string;
    uiConfig?: { accentColor?: string; theme?: 'light' | 'dark' };
  };
}

export interface MoonpaySignReply {
  signedUrl: string;
  externalTransactionId: string;
}

/** `GET token_price?chainId=&tokenSymbol=` (SOL: chainId 0). */
export interface TokenPriceReply {
  usd: number;
}

/** `GET spl_token_info?mint_address=&cluster=`. */
export interface SplTokenInfoReply {
  address: string;
  symbol: string;
  decimals: number;
  name?: string;
}

const fundingTable = {
  coinbaseOnrampInit: { method: 'POST', path: '/api/v1/funding/coinbase_on_ramp/init' },
  coinbaseOnrampStatus: { method: 'GET', path: '/api/v1/funding/coinbase_on_ramp/status' },
  moonpaySign: { method: 'POST', path: '/api/v1/plugins/moonpay_on_ramp/sign' },
  tokenPrice: { method: 'GET', path: '/api/v1/token_price' },
  splTokenInfo: { method: 'GET', path: '/api/v1/spl_token_info' },
} as const;

/** The funding routes (a user's token: the on-ramps; the app: the token data). */
export const fundingApi: TypedRoutes<
  typeof fundingTable,
  {
    coinbaseOnrampInit: { request: CoinbaseOnrampInitRequest; response: CoinbaseOnrampInitReply };
    coinbaseOnrampStatus: { request: undefined; response: CoinbaseOnrampStatusReply };
    moonpaySign: { request: MoonpaySignRequest; response: MoonpaySignReply };
    tokenPrice: { request: undefined; response: TokenPriceReply };
    splTokenInfo: { request: undefined; response: SplTokenInfoReply };
  }
> = fundingTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const fundingReference: ReferenceArea = {
  name: 'Funding',
  description: 'Card on-ramp sessions and signed widget URLs, token prices and SPL token data.',
  tables: [[fundingApi, 'user', { tokenPrice: 'app', splTokenInfo: 'app' }]],
  summaries: {
    coinbaseOnrampInit:
      "A first-provider session token for the user's addresses, made with the app's CDP key.",
    coinbaseOnrampStatus: "The user's latest first-provider purchase: pending, success or failure.",
    moonpaySign: "The second provider's widget URL for the address, signed with the app's secret key.",
    tokenPrice: 'A token’s price in USD (SOL: chainId 0).',
    splTokenInfo: 'An SPL mint’s symbol and decimals.',
  },
};
