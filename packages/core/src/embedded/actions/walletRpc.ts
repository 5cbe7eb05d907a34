import { type EmbeddedChainType, findEmbeddedWallet } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { entropyOf } from './entropy.ts';
import { onDevice } from './onDevice.ts';

/** `privy:wallets:rpc` on the wallet at `address` (its HD index, its entropy); resolves with `response.data`. */
export async function walletRpc(
  ctx: EmbeddedWalletsContext,
  address: string,
  chainType: EmbeddedChainType,
  request: { method: string; params?: unknown },
): Promise<unknown> {
  const wallet = findEmbeddedWallet(ctx.session.user, address, chainType);
  if (!wallet)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
  const entropy = entropyOf(ctx, wallet);
  const reply = await onDevice(ctx, entropy, (auth) =>
    frameCall(ctx, 'privy:wallets:rpc', {
      ...auth,
      entropyId: entropy.entropyId,
      entropyIdVerifier: entropy.entropyIdVerifier,
      chainType,
      hdWalletIndex: wallet.walletIndex,
      request: { method: request.method, params: request.params },
    }),
  );
  return reply?.response?.data;
}
