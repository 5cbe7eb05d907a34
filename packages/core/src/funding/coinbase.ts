import type {
  CoinbaseOnrampInitReply,
  CoinbaseOnrampInitRequest,
  CoinbaseOnrampNetwork,
} from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import { assetKind, type FundingAsset, type FundingChain } from './asset.ts';
import { fundingChainIds } from './chains.ts';
import { defaultFundingHosts } from './hosts.ts';
import { fundingMessages } from './messages.ts';

/**
 * The first card provider, Coinbase Onramp (spec document 2 §5, §7, §9; REFERENCES §5.1): which
 * chains and assets it sells, and the buy page the client opens in a popup with the session the
 * server made (`funding/coinbase_on_ramp/init`).
 */

/** Its `defaultNetwork` per EVM chain: the five the spec allows (§5); others are refused. */
export const coinbaseOnrampChains: Readonly<Record<number, CoinbaseOnrampNetwork>> = {
  [fundingChainIds.ethereum]: 'ethereum',
  [fundingChainIds.base]: 'base',
  [fundingChainIds.optimism]: 'optimism',
  [fundingChainIds.polygon]: 'polygon',
  [fundingChainIds.arbitrum]: 'arbitrum',
};

/** Its asset UUIDs (`defaultAsset`), by ticker (§9: USDC, ETH, BTC, SOL, POL). */
export const coinbaseAssetIds = {
  USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
  ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  BTC: '5b71fc48-3dd3-540c-809b-f8c94d0e68b5',
  SOL: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
  POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
} as const;
export type CoinbaseAsset = keyof typeof coinbaseAssetIds;

/** Buy (card) or send (from the user's exchange account): §9 funding modes. */
export type CoinbaseExperience = 'buy' | 'send';
export const coinbasePaymentMethods = { buy: 'CARD', send: 'CRYPTO_ACCOUNT' } as const satisfies Record<
  CoinbaseExperience,
  string
>;

/** Whether the provider sells `asset` on `chain` (§5: Solana always; an arbitrary ERC-20 never). */
export function coinbaseSupports(chain: FundingChain, asset: FundingAsset): boolean {
  if (chain.chainType === 'solana') return true;
  return chain.chainId in coinbaseOnrampChains && assetKind(asset) !== 'erc20';
}

/**
 * The provider's network name for `chain`.
 *
 * @throws LatchkeyClientError `unsupported_chain_id` 'Unsupported chainId: {id} for Coinbase Onramp'.
 */
export function coinbaseNetwork(chain: FundingChain): CoinbaseOnrampNetwork {
  if (chain.chainType === 'solana') return 'solana';
  const network = coinbaseOnrampChains[chain.chainId];
  if (!network) {
    throw new LatchkeyClientError(
      'unsupported_chain_id',
      fundingMessages.coinbaseUnsupportedChain(chain.chainId),
    );
  }
  return network;
}

/** The ticker bought: USDC as asked, else the chain's coin (POL on Polygon, SOL on Solana, ETH elsewhere). */
export function coinbaseAsset(chain: FundingChain, asset: FundingAsset): CoinbaseAsset {
  if (asset === 'USDC') return 'USDC';
  if (chain.chainType === 'solana') return 'SOL';
  return chain.chainId === fundingChainIds.polygon ? 'POL' : 'ETH';
}

/** The server route's body: the one address, on its network, for the one asset. */
export function coinbaseInitRequest(
  address: string,
  chain: FundingChain,
  asset: FundingAsset,
): CoinbaseOnrampInitRequest {
  return {
    addresses: [{ address, blockchains: [coinbaseNetwork(chain)] }],
    assets: [coinbaseAsset(chain, asset)],
  };
}

/** A preset amount as the provider parses it: '.5' is refused there, '0.5' is not (§5). */
export function presetCryptoAmount(amount: string): string {
  return amount.startsWith('.') ? `0${amount}` : amount;
}

export interface CoinbaseBuyUrlParameters {
  /** The Latchkey app, named to the provider as the end partner. */
  appId: string;
  session: CoinbaseOnrampInitReply;
  /** The crypto amount to preset, as typed or configured. */
  amount: string;
  chain: FundingChain;
  asset: FundingAsset;
  experience: CoinbaseExperience;
  /** Default `https://pay.coinbase.com` (`FundingHosts.coinbasePay`). */
  host?: string | undefined;
}

/**
 * The buy page the popup opens (REFERENCES §5.1, the incumbent's query names in its order).
 * `endPartnerName` names Latchkey where the incumbent names itself.
 *
 * @example
 * popup.location.href = coinbaseBuyUrl({ appId, session, amount: '0.1', chain, asset: 'native-currency', experience: 'buy' }).href;
 */
export function coinbaseBuyUrl({
  appId,
  session,
  amount,
  chain,
  asset,
  experience,
  host = defaultFundingHosts.coinbasePay,
}: CoinbaseBuyUrlParameters): URL {
  const url = new URL('/buy/select-asset', host);
  const query = url.searchParams;
  query.set('appId', session.app_id);
  query.set('sessionToken', session.session_token);
  query.set('endPartnerName', `latchkey:${appId}`);
  query.set('defaultExperience', experience);
  query.set('presetCryptoAmount', presetCryptoAmount(amount));
  query.set('defaultNetwork', coinbaseNetwork(chain));
  query.set('defaultPaymentMethod', coinbasePaymentMethods[experience]);
  query.set('defaultAsset', coinbaseAssetIds[coinbaseAsset(chain, asset)]);
  query.set('partnerUserId', session.partner_user_id);
  return url;
}
