import { findEmbeddedWallet } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import { createEmbeddedEthereumProvider, type EmbeddedEthereumProvider } from '../ethereum-provider.ts';
import type { EmbeddedWalletsContext } from './context.ts';
import { walletRpc } from './walletRpc.ts';

/**
 * The EIP-1193 provider of the embedded Ethereum wallet at `address`, one per wallet: it signs in
 * the frame (`privy:wallets:rpc`) after the context's confirmation hook, whichever is installed then.
 */
export function getEthereumProvider(ctx: EmbeddedWalletsContext, address: string): EmbeddedEthereumProvider {
  const wallet = findEmbeddedWallet(ctx.session.user, address, 'ethereum');
  if (!wallet)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
  const key = wallet.address.toLowerCase();
  let provider = ctx.providers.get(key);
  if (!provider) {
    provider = createEmbeddedEthereumProvider({
      address: wallet.address,
      chains: ctx.chains,
      chainId: ctx.params.defaultChain?.id,
      sign: (request) => walletRpc(ctx, wallet.address, 'ethereum', request),
      fetch: ctx.params.fetch,
      delay: ctx.params.delay,
      confirm: (request) => (ctx.confirm ? ctx.confirm(request) : Promise.resolve()),
    });
    ctx.providers.set(key, provider);
  }
  return provider;
}
