import { type EmbeddedChainType, type EmbeddedWalletAccount, embeddedWallets } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { requireEntropy } from './entropy.ts';
import { onDevice } from './onDevice.ts';
import { walletAfterChange } from './walletAfterChange.ts';

/** 'User already has an embedded wallet.' when the user has the HD wallet of `chainType` already. */
export function assertNoWallet(ctx: EmbeddedWalletsContext, chainType: EmbeddedChainType): void {
  if (embeddedWallets(ctx.session.user).some((w) => w.chainType === chainType && !w.imported))
    throw new EmbeddedWalletError('embedded_wallet_already_exists', embeddedMessages.alreadyExists);
}

/** Derives the HD wallet at `walletIndex` on `chainType` from the user's entropy (`privy:wallets:add`). */
export async function addWallet(
  ctx: EmbeddedWalletsContext,
  chainType: EmbeddedChainType,
  walletIndex: number,
): Promise<EmbeddedWalletAccount> {
  const entropy = requireEntropy(ctx);
  const { address } = await onDevice(ctx, entropy, (auth) =>
    frameCall(ctx, 'privy:wallets:add', {
      ...auth,
      entropyId: entropy.entropyId,
      entropyIdVerifier: entropy.entropyIdVerifier,
      chainType,
      hdWalletIndex: walletIndex,
    }),
  );
  return walletAfterChange(ctx, address, chainType, walletIndex);
}
