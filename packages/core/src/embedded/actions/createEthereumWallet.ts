import { type EmbeddedWalletAccount, embeddedEntropy } from '../accounts.ts';
import { addWallet, assertNoWallet } from './addWallet.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';
import { type CreateEmbeddedWalletOptions, recoveryChoice, recoveryRules } from './recoveryChoice.ts';
import { walletAfterChange } from './walletAfterChange.ts';

/**
 * The user's Ethereum wallet at index 0: a new entropy in the frame (`privy:wallet:create`) with
 * the chosen recovery, or derived from the entropy of a user who started on Solana.
 */
export async function createEthereumWallet(
  ctx: EmbeddedWalletsContext,
  options: CreateEmbeddedWalletOptions,
): Promise<EmbeddedWalletAccount> {
  assertNoWallet(ctx, 'ethereum');
  if (embeddedEntropy(ctx.session.user)) return addWallet(ctx, 'ethereum', 0);
  const data = recoveryChoice(options, recoveryRules(ctx));
  const { address } = await frameCall(ctx, 'privy:wallet:create', {
    ...(await frameAuth(ctx)),
    ...data,
  });
  return walletAfterChange(ctx, address, 'ethereum', 0);
}
