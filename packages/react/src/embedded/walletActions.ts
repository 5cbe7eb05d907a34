import type { LatchkeyClient, OpenModal } from '@latchkey/core';
import type { FundWalletConfig, LatchkeyConfig } from '../types.ts';

/** What a wallet object's calls need of the provider: the client, the app's config, the modal. */
export interface WalletEnv {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  openModal: OpenModal;
}

/** `personal_sign`'s message parameter: the UTF-8 bytes in hex. */
export const personalSignMessage = (message: string) =>
  `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * A wallet's `fund(config)`: the funding modal for `address` with the options as `useFundWallet`
 * takes them (the same names); the funding code loads on the first call.
 */
export async function fundAddress(env: WalletEnv, address: string, options: FundWalletConfig = {}) {
  const { openFundWallet } = await import('./fundWallet.ts');
  const { chain, ...rest } = options;
  // The host's chain of that id (its RPC URL); an unknown id is refused by the request's checks.
  const hostChain = chain && env.config.supportedChains?.find((c) => c.id === chain.id);
  const fundingChain = chain && (hostChain ?? { id: chain.id, name: '', rpcUrls: { default: { http: [] } } });
  await openFundWallet(env.client, env.config, env.openModal, (m, ctx) =>
    m.evmFundingTask(ctx, address, { ...rest, chain: fundingChain }),
  );
}
