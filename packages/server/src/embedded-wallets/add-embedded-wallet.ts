import {
  assertIndexRules,
  type EmbeddedWallet,
  embeddedWalletIdentity,
  embeddedWalletsOf,
  parseWalletAddress,
} from '../accounts/embedded-accounts.ts';
import { insertAccount } from '../accounts/insert-account.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { AddWalletBody } from './bodies.ts';
import { isImportedEntropy, lockEntropy, recoveryMethodOf, requireEntropy } from './entropy-store.ts';
import { verifyKeyProofs } from './key-proofs.ts';
import { recordWalletCreated } from './wallet-events.ts';

/**
 * `/frame/add_wallet`: links another wallet of the user's entropy, a higher HD index or the
 * first wallet of the other chain (index 0), signed for by its own key. It recovers like the
 * entropy's other wallets.
 */
export async function addEmbeddedWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: AddWalletBody,
): Promise<UserRecord> {
  const entropy = await requireEntropy(ctx.db, app.id, userId, body.entropy_id);
  if (isImportedEntropy(entropy))
    throw new ApiError('invalid_data', 'Invalid entropy_id: an imported wallet has no HD wallets');
  const wallet: EmbeddedWallet = {
    chainType: body.chain_type,
    walletIndex: body.wallet_index,
    address: parseWalletAddress(body.chain_type, body.address),
  };
  await verifyKeyProofs(ctx, {
    appId: app.id,
    userId,
    nonce: body.nonce,
    proofs: [{ address: wallet.address, signature: body.signature }],
  });
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Under the entropy's lock, two adds of one index cannot both see it free.
      await lockEntropy(trx, entropy.id, now);
      const user = (await loadUser(trx, app.id, userId))!;
      assertIndexRules(embeddedWalletsOf(user.accounts), [wallet]);
      await insertAccount(
        trx,
        app.id,
        userId,
        embeddedWalletIdentity(wallet, recoveryMethodOf(entropy)),
        now,
      );
      await recordWalletCreated(trx, (await loadUser(trx, app.id, userId))!, [wallet], now);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('invalid_data', 'Wallet address is already linked to an account');
    throw error;
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
