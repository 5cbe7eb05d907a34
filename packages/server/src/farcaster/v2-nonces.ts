import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { walletNonceTtlSeconds } from '../wallets/nonces.ts';

/**
 * The nonces of the v2 (Mini App) sign-in: `/api/v2/farcaster/init` issues one for the app, the
 * host signs a SIWF message with it (`sdk.actions.signIn({nonce})`), and the login spends it. They
 * live as long as a wallet sign-in's nonce.
 */

export async function issueV2Nonce(
  ctx: ServerContext,
  appId: string,
): Promise<{ nonce: string; expiresAt: number }> {
  const now = ctx.now();
  // Swept on the way, as the wallet nonces are: the table holds at most ten minutes' worth.
  await ctx.db
    .deleteFrom('farcaster_nonces')
    .where('app_id', '=', appId)
    .where('expires_at', '<=', now)
    .execute();
  // 25 of [a-z0-9] (~128 bits): a valid EIP-4361 nonce.
  const nonce = randomId(25);
  const expiresAt = now + walletNonceTtlSeconds;
  await ctx.db
    .insertInto('farcaster_nonces')
    .values({ nonce, app_id: appId, expires_at: expiresAt })
    .execute();
  return { nonce, expiresAt };
}

export const invalidV2Nonce = () => new ApiError('invalid_credentials', 'Invalid or expired nonce.');

/** Whether the app issued this nonce and it is live (read only: garbage burns no nonce). */
export async function isLiveV2Nonce(ctx: ServerContext, appId: string, nonce: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('farcaster_nonces')
    .select('nonce')
    .where('nonce', '=', nonce)
    .where('app_id', '=', appId)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends a nonce once its sign-in verified: one statement, so of two racing logins one wins. */
export async function spendV2Nonce(ctx: ServerContext, appId: string, nonce: string): Promise<void> {
  const result = await ctx.db
    .deleteFrom('farcaster_nonces')
    .where('nonce', '=', nonce)
    .where('app_id', '=', appId)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw invalidV2Nonce();
}
