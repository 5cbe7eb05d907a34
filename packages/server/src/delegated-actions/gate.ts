import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { SigningGate } from '../server-wallets/signing-gates.ts';

export const notDelegated = () =>
  new ApiError('user_has_not_delegated_wallet', 'The user has not delegated this wallet.');

/**
 * Registered into server wallets (signing-gates.ts) in front of every use of a key: a wallet whose
 * delegation was revoked or has expired signs nothing, whether or not the sweep has destroyed its
 * key yet. A wallet no delegation ever named is none of this gate's business (an app's own wallet
 * answers as before; an id never made is a 404). Only a user-owned wallet, or one that is gone, can
 * have been delegated: the app's own wallets cost no statement here.
 */
export const delegationGate: SigningGate = async (ctx, appId, walletId, wallet) => {
  if (wallet && wallet.owner_user_id === null) return;
  const row = await ctx.db
    .selectFrom('delegated_wallets')
    .select(['revoked_at', 'expires_at'])
    .where('app_id', '=', appId)
    .where('wallet_id', '=', walletId)
    .executeTakeFirst();
  if (!row) {
    if (!wallet && (await isEmbeddedWalletAddress(ctx, appId, walletId))) throw notDelegated();
    return;
  }
  const expired = row.expires_at !== null && row.expires_at <= ctx.now() * 1000;
  if (row.revoked_at !== null || expired) throw notDelegated();
};

/**
 * Whether `id` is the address of a user's embedded wallet in this app. An embedded wallet has no
 * server-wallet id until its user delegates it, so a backend that names one by its address (the
 * incumbent's older way to address a user's wallet) learns why it cannot sign rather than a bare 404.
 * Asked only when the id names no wallet: an app's own wallets never pay for it.
 */
async function isEmbeddedWalletAddress(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  id: string,
): Promise<boolean> {
  if (id.length > 64) return false;
  const accounts = await ctx.db
    .selectFrom('linked_accounts')
    .select('details')
    .where('app_id', '=', appId)
    .where('type', '=', 'wallet')
    .where('identifier', 'in', [...new Set([id, id.toLowerCase()])])
    .execute();
  return accounts.some(
    (account) => (JSON.parse(account.details) as Record<string, unknown>).connector_type === 'embedded',
  );
}
