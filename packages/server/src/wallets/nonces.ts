import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import type { WalletAddress } from './addresses.ts';

/** A sign-in nonce lives this long. */
export const walletNonceTtlSeconds = 10 * 60;

export interface IssuedNonce {
  nonce: string;
  createdAt: number;
  expiresAt: number;
}

/**
 * Issues a nonce for one address of one app (`/siwe/init`, `/siws/init`). Several may be live at
 * once (several tabs); expired ones of the app are swept on the way, so the table holds at most
 * ten minutes' worth.
 */
export async function issueNonce(
  ctx: ServerContext,
  app: AppRecord,
  address: WalletAddress,
): Promise<IssuedNonce> {
  const now = ctx.now();
  await ctx.db
    .deleteFrom('wallet_nonces')
    .where('app_id', '=', app.id)
    .where('expires_at', '<=', now)
    .execute();
  // 25 characters of [a-z0-9]: ~128 bits, and a valid EIP-4361 nonce (alphanumeric, 8 or more).
  const nonce = randomId(25);
  const expiresAt = now + walletNonceTtlSeconds;
  await ctx.db
    .insertInto('wallet_nonces')
    .values({
      app_id: app.id,
      nonce,
      chain_type: address.chainType,
      address: address.identifier,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { nonce, createdAt: now, expiresAt };
}

export const invalidNonce = () => new ApiError('invalid_credentials', 'Invalid or expired nonce.');

/**
 * The live nonce a message names, issued for this address: unknown, used, expired, or issued for
 * another address or chain are all 'Invalid or expired nonce.'. Read only: the nonce is spent by
 * `consumeNonce` once the signature checks out, so garbage cannot burn a user's nonce.
 */
export async function findNonce(
  ctx: ServerContext,
  app: AppRecord,
  address: WalletAddress,
  nonce: string,
): Promise<IssuedNonce> {
  const row = await ctx.db
    .selectFrom('wallet_nonces')
    .select(['created_at', 'expires_at'])
    .where('app_id', '=', app.id)
    .where('nonce', '=', nonce)
    .where('chain_type', '=', address.chainType)
    .where('address', '=', address.identifier)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (!row) throw invalidNonce();
  return { nonce, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

/** Spends a nonce: one statement deletes it, so of two racing uses exactly one wins. */
export async function consumeNonce(
  ctx: ServerContext,
  app: AppRecord,
  address: WalletAddress,
  nonce: string,
): Promise<void> {
  const result = await ctx.db
    .deleteFrom('wallet_nonces')
    .where('app_id', '=', app.id)
    .where('nonce', '=', nonce)
    .where('chain_type', '=', address.chainType)
    .where('address', '=', address.identifier)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw invalidNonce();
}
