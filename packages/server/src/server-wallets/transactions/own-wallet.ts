import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';

/** An app's wallet by id; another app's is as absent as a wallet that never was (`not_found`). */
export async function ownWallet(ctx: ServerContext, appId: string, walletId: string) {
  const wallet = await ctx.db
    .selectFrom('server_wallets')
    .selectAll()
    .where('id', '=', walletId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!wallet) throw new ApiError('not_found', 'Wallet not found.');
  return wallet;
}
