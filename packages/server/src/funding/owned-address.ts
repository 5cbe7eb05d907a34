import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Refuses an address that is not one of the user's wallets in the app (embedded or linked): a
 * signed widget URL names the wallet the coins go to, and the app's keys sign only for its users'
 * own wallets. Ethereum addresses are stored lowercase, Solana ones as they are.
 */
export async function assertOwnedAddress(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  userId: string,
  address: string,
): Promise<void> {
  const found = await ctx.db
    .selectFrom('linked_accounts')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('type', '=', 'wallet')
    .where('identifier', 'in', [...new Set([address, address.toLowerCase()])])
    .executeTakeFirst();
  if (!found) throw new ApiError('invalid_data', 'The address is not one of this user’s wallets.');
}
