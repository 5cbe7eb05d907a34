import {
  type EmbeddedChainType,
  type EmbeddedWalletAccount,
  embeddedEntropy,
  nextWalletIndex,
} from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import { addWallet } from './addWallet.ts';
import type { EmbeddedWalletsContext } from './context.ts';

/**
 * Another HD wallet on `chainType` from the user's entropy: at `walletIndex`, or one past the
 * highest. Spec document 1 §5: a negative walletIndex is invalid (so is one past BIP-32's range).
 */
export async function createAdditionalWallet(
  ctx: EmbeddedWalletsContext,
  chainType: EmbeddedChainType,
  walletIndex: number | undefined,
): Promise<EmbeddedWalletAccount> {
  if (
    walletIndex !== undefined &&
    !(Number.isSafeInteger(walletIndex) && walletIndex >= 0 && walletIndex < 2 ** 31)
  )
    throw new EmbeddedWalletError('invalid_input', embeddedMessages.invalidWalletIndex);
  if (!embeddedEntropy(ctx.session.user))
    throw new EmbeddedWalletError(
      'embedded_wallet_not_found',
      'An additional wallet needs an existing embedded wallet',
    );
  return addWallet(ctx, chainType, walletIndex ?? nextWalletIndex(ctx.session.user, chainType));
}
