import type { LatchkeyClient, OpenModal } from '@latchkey/core';
import type { FundingRequestContext, FundingTaskData } from '@latchkey/core/funding';
import type { LatchkeyConfig } from '../types.ts';

type FundingModule = typeof import('@latchkey/core/funding');

// The funding chunk: loaded on the first call, never with the page.
const funding = () => import('@latchkey/core/funding');

/**
 * Builds the funding request (`build`, checked against the app's config and the host's chains),
 * then opens the Fund wallet modal; resolves with whether funds arrived once it closes.
 */
export function fundingContext(client: LatchkeyClient, config: LatchkeyConfig): FundingRequestContext {
  return {
    app: client.getState().appConfig,
    chains: config.supportedChains ?? [],
    solanaClusters: config.solanaClusters,
  };
}

/**
 * The funding prompt after a login created a wallet: the request for it with the app's recommended
 * currency and amount (the host's first Solana cluster for a Solana wallet).
 */
export async function fundingPromptTask(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  wallet: { address: string; chainType: 'ethereum' | 'solana' },
): Promise<FundingTaskData> {
  const m = await funding();
  const ctx = fundingContext(client, config);
  if (wallet.chainType === 'ethereum') return m.evmFundingTask(ctx, wallet.address);
  const cluster = config.solanaClusters?.[0];
  const known = cluster && ['mainnet-beta', 'devnet', 'testnet'].includes(cluster.name);
  return m.solanaFundingTask(ctx, wallet.address, {
    cluster: known ? { name: cluster.name as 'mainnet-beta', rpcUrl: cluster.rpcUrl } : undefined,
  });
}

export async function openFundWallet(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
  build: (m: FundingModule, ctx: FundingRequestContext) => Promise<FundingTaskData>,
): Promise<{ funded: boolean }> {
  const m = await funding();
  const task = await build(m, fundingContext(client, config));
  return new Promise((resolve) => openModal('fund-wallet', { funding: { ...task, resolve } }));
}
