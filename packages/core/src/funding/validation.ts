import type { AppConfigFields } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import { fundingEnabled } from '../signing/funding.ts';
import type { FundingAsset, FundingChain } from './asset.ts';
import { solanaUsdcMints } from './chains.ts';
import { fundingMessages } from './messages.ts';

/**
 * The checks a funding request passes before any screen opens (spec document 2 §5). Each failure is
 * a `LatchkeyClientError` `invalid_funding_request` carrying the spec's message, so a developer
 * reading the console sees the same words as with the incumbent.
 */

export interface FundingRequestCheck {
  app: Pick<AppConfigFields, 'funding_config'> | null | undefined;
  chain: FundingChain;
  asset: FundingAsset;
  /** The chains the app's provider was configured with (`supportedChains`); EVM requests only. */
  supportedChainIds: readonly number[];
}

const refuse = (message: string) => new LatchkeyClientError('invalid_funding_request', message);

/**
 * Throws when the request cannot be funded: funding off in the app config, an EVM chain the provider
 * was not configured with, USDC on the Solana testnet (which has no USDC mint).
 *
 * @example
 * assertFundingRequest({ app: appConfig, chain: { chainType: 'ethereum', chainId: 8453 }, asset: 'USDC', supportedChainIds: [1, 8453] });
 */
export function assertFundingRequest({ app, chain, asset, supportedChainIds }: FundingRequestCheck): void {
  if (!fundingEnabled(app)) throw refuse(fundingMessages.notEnabled);
  if (chain.chainType === 'ethereum' && !supportedChainIds.includes(chain.chainId)) {
    throw refuse(fundingMessages.chainNotConfigured(chain.chainId));
  }
  if (chain.chainType === 'solana' && asset === 'USDC' && !solanaUsdcMints[chain.cluster]) {
    throw refuse(fundingMessages.solanaTestnetUsdc);
  }
}

/** Digits and at most one decimal point (§5), empty allowed while typing: what the field accepts. */
export function isFundingAmountInput(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}

/** Continue is enabled only for an amount the field accepts that is greater than zero (§5). */
export function canContinueWithAmount(text: string): boolean {
  return isFundingAmountInput(text) && /\d/.test(text) && Number(text) > 0;
}
