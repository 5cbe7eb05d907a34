import { type EmbeddedWalletAccount, embeddedEntropy } from '../accounts.ts';
import { assertNoWallet } from './addWallet.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';
import { onDevice } from './onDevice.ts';
import { type CreateEmbeddedWalletOptions, recoveryChoice, recoveryRules } from './recoveryChoice.ts';
import { walletAfterChange } from './walletAfterChange.ts';

/**
 * The user's Solana wallet at index 0 (`privy:solana-wallet:create`): from their existing entropy
 * when they have one (named by `ethereumAddress`), else a new entropy with the chosen recovery.
 */
export async function createSolanaWallet(
  ctx: EmbeddedWalletsContext,
  options: CreateEmbeddedWalletOptions,
): Promise<EmbeddedWalletAccount> {
  assertNoWallet(ctx, 'solana');
  const entropy = embeddedEntropy(ctx.session.user);
  let publicKey: string;
  if (entropy) {
    ({ publicKey } = await onDevice(ctx, entropy, (auth) =>
      frameCall(ctx, 'privy:solana-wallet:create', {
        ...auth,
        ethereumAddress: entropy.entropyId,
      }),
    ));
  } else {
    ({ publicKey } = await frameCall(ctx, 'privy:solana-wallet:create', {
      ...(await frameAuth(ctx)),
      ...recoveryChoice(options, recoveryRules(ctx)),
    }));
  }
  return walletAfterChange(ctx, publicKey, 'solana', 0);
}
