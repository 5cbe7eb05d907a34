import type { SolanaCluster } from './chains.ts';

/**
 * What a funding request buys or asks for (the incumbent's `asset` option): the chain's own coin, USDC,
 * or any other ERC-20 by address (spec document 2 §3 host fund-wallet config).
 */
export type FundingAsset = 'native-currency' | 'USDC' | { erc20: `0x${string}` };

/** Where the funds go: an EVM chain by id, or a Solana cluster. */
export type FundingChain =
  | { chainType: 'ethereum'; chainId: number }
  | { chainType: 'solana'; cluster: SolanaCluster };

/** The asset's row in the provider tables: an ERC-20 other than USDC is in neither provider's. */
export function assetKind(asset: FundingAsset): 'native-currency' | 'USDC' | 'erc20' {
  return typeof asset === 'string' ? asset : 'erc20';
}
