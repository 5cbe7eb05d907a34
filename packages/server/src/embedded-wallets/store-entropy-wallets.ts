import { type EmbeddedWallet, embeddedWalletIdentity } from '../accounts/embedded-accounts.ts';
import { insertAccount } from '../accounts/insert-account.ts';
import { loadUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { insertEntropy, type NewEntropy } from './entropy-store.ts';
import { recordWalletCreated } from './wallet-events.ts';

/**
 * In one transaction: stores the entropy and links the wallets made from it, with a
 * `user.wallet_created` event each. A unique violation (the entropy or an address is taken) rolls
 * it all back and reaches the caller, which says what was taken.
 */
export async function storeEntropyWallets(
  ctx: ServerContext,
  entropy: NewEntropy,
  wallets: EmbeddedWallet[],
): Promise<void> {
  const { appId, userId } = entropy;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await insertEntropy(trx, ctx, entropy, now);
    for (const wallet of wallets)
      await insertAccount(trx, appId, userId, embeddedWalletIdentity(wallet, entropy.material.method), now);
    await recordWalletCreated(trx, (await loadUser(trx, appId, userId))!, wallets, now);
  });
}
