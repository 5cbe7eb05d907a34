import {
  type CoinbaseOnrampInitReply,
  type CoinbaseOnrampInitRequest,
  fundingApi,
  type MoonpaySignReply,
  type MoonpaySignRequest,
  type SplTokenInfoReply,
} from '@latchkey/protocol';
import type { HttpClient } from '../http/createHttpClient.ts';
import type { SolanaCluster } from './chains.ts';

/**
 * The Latchkey server's funding routes as the screens call them (spec document 2 §7): the card
 * on-ramp session and signed URL (the user's token), the token data (the app). The routes with a
 * query take it here, since the contract names paths only.
 */

/** `POST funding/coinbase_on_ramp/init`: a first-provider session for the user's address. */
export function createCoinbaseOnrampSession(
  http: Pick<HttpClient, 'call'>,
  request: CoinbaseOnrampInitRequest,
): Promise<CoinbaseOnrampInitReply> {
  return http.call(fundingApi.coinbaseOnrampInit, request);
}

/** `POST plugins/moonpay_on_ramp/sign`: the second provider's widget URL, signed by the server. */
export function signMoonpayOnramp(
  http: Pick<HttpClient, 'call'>,
  request: MoonpaySignRequest,
): Promise<MoonpaySignReply> {
  return http.call(fundingApi.moonpaySign, request);
}

/** The token price's chain id for SOL (spec document 2 §9). */
export const solPriceChainId = 0;

/** `GET token_price?chainId=&tokenSymbol=`: the token's USD price (SOL: chainId 0). */
export async function fetchTokenPrice(
  http: Pick<HttpClient, 'get'>,
  chainId: number,
  tokenSymbol: string,
): Promise<number> {
  const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol });
  const reply = await http.get<{ usd: number }>(`${fundingApi.tokenPrice.path}?${query}`);
  return reply.usd;
}

/** `GET spl_token_info?mint_address=&cluster=`: an SPL mint's symbol and decimals. */
export function fetchSplTokenInfo(
  http: Pick<HttpClient, 'get'>,
  mintAddress: string,
  cluster: SolanaCluster,
): Promise<SplTokenInfoReply> {
  const query = new URLSearchParams({ mint_address: mintAddress, cluster });
  return http.get<SplTokenInfoReply>(`${fundingApi.splTokenInfo.path}?${query}`);
}
