import type { AppResponse } from '@latchkey/protocol';
import type { FundingChain } from '../../funding/asset.ts';
import { fundingChooser, supportedFundingOptions } from '../../funding/options.ts';
import type { ModalScreensOf } from '../screens.ts';
import type { FundingSettings, FundWalletTask } from './task.ts';

/**
 * The chain the providers are told: the wallet's own, or its stand-in from
 * `FundingSettings.providerChainIds` (a local development chain has no provider of its own).
 */
export function providerChain(chain: FundingChain, settings: FundingSettings | undefined): FundingChain {
  if (chain.chainType !== 'ethereum') return chain;
  const alias = settings?.providerChainIds?.[chain.chainId];
  return alias === undefined ? chain : { chainType: 'ethereum', chainId: alias };
}

/** The chain's id as the analytics events carry it (a Solana cluster by name). */
export const chainIdOf = (chain: FundingChain): number | string =>
  chain.chainType === 'ethereum' ? chain.chainId : chain.cluster;

/**
 * The chooser screen for `task`: the app's options this chain and asset can use, the preferred card
 * provider first, and the banner after a failure.
 */
export function chooserScreen(
  app: Pick<AppResponse, 'funding_config'> | null,
  task: FundWalletTask | null,
  settings: FundingSettings | undefined,
  errorMessage: string | null,
): ModalScreensOf<'fund-chooser'> {
  // Without a request (opened with no funding task) only Receive funds shows: nothing to sell.
  const options = app?.funding_config?.options ?? [];
  const sold = task
    ? supportedFundingOptions({ options, chain: providerChain(task.chain, settings), asset: task.asset })
    : [];
  // Transfer from wallet moves funds on the wallet's own chain (its USDC, not the providers'), from a
  // wallet of the same chain type (a Solana wallet pays on any cluster); across chain types only
  // through the bridge, which the wallets' list applies (`transferSources`).
  const transfer = task
    ? supportedFundingOptions({ options, chain: task.chain, asset: task.asset }).filter(
        (option) => option.method === 'wallets',
      )
    : [];
  const supported = [...sold.filter((option) => option.method !== 'wallets'), ...transfer];
  return {
    name: 'fund-chooser',
    chooser: fundingChooser({ supported, preferredCardProvider: task?.preferredCardProvider, errorMessage }),
    title: task?.uiConfig?.landing?.title ?? null,
  };
}
