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
export async function openFundWallet(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
  build: (m: FundingModule, ctx: FundingRequestContext) => Promise<FundingTaskData>,
): Promise<{ funded: boolean }> {
  const m = await funding();
  const task = await build(m, {
    app: client.getState().appConfig,
    chains: config.supportedChains ?? [],
    solanaClusters: config.solanaClusters,
  });
  return new Promise((resolve) => openModal('fund-wallet', { funding: { ...task, resolve } }));
}
