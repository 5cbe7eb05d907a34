import { type DelegationInitReply, delegationLimits } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { generateHpkeKeyPair } from '../server-wallets/hpke/hpke.ts';

/**
 * The one-time key of a consent (`frame/delegation/init`): an HPKE key pair of ours, its private
 * half sealed by the key store at once, as an import's (server-wallets/hpke/import.ts). The frame
 * seals each delegated wallet's key to it; `frame/delegation` opens them and spends it.
 */

/** What a sealed init key is bound to (the key store's additional data): its app, user and row. */
export const delegationInitContext = (appId: string, userId: string, initId: string) =>
  `delegation-init:${appId}:${userId}:${initId}`;

/** Inits a user may hold at once: a frame that asks again and again replaces its oldest. */
const initsPerUser = 5;

export async function initDelegation(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  appId: string,
  userId: string,
): Promise<DelegationInitReply> {
  const id = randomId();
  const pair = await generateHpkeKeyPair();
  let sealed: string;
  try {
    sealed = await ctx.keyStore.seal(pair.privateKey, delegationInitContext(appId, userId, id));
  } finally {
    pair.privateKey.fill(0);
  }
  const nowMs = ctx.now() * 1000;
  const publicKey = Buffer.from(pair.publicPoint).toString('base64');
  const expiresAt = nowMs + delegationLimits.initTtlMs;
  await ctx.db
    .insertInto('delegation_inits')
    .values({
      id,
      app_id: appId,
      user_id: userId,
      public_key: publicKey,
      private_key_sealed: sealed,
      created_at: nowMs,
      expires_at: expiresAt,
    })
    .execute();
  await trimInits(ctx, appId, userId);
  return { encryption_type: 'HPKE', encryption_public_key: publicKey, expires_at: expiresAt };
}

async function trimInits(ctx: Pick<ServerContext, 'db'>, appId: string, userId: string): Promise<void> {
  const stale = await ctx.db
    .selectFrom('delegation_inits')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(initsPerUser)
    .limit(100)
    .execute();
  if (stale.length > 0)
    await ctx.db
      .deleteFrom('delegation_inits')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute();
}

/**
 * Takes the user's live init of `publicKey` (deleted here: a one-time key opens one upload, whatever
 * comes of it) and returns its private scalar, which the caller zeroes. Another user's init, an
 * expired or a spent one are alike: not found.
 */
export async function spendInit(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  appId: string,
  userId: string,
  publicKey: string,
): Promise<Uint8Array> {
  const row = await ctx.db
    .selectFrom('delegation_inits')
    .select(['id', 'private_key_sealed'])
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('public_key', '=', publicKey)
    .where('expires_at', '>', ctx.now() * 1000)
    .executeTakeFirst();
  // The delete decides who spends it: of two concurrent uploads, one deletes the row, one nothing.
  const deleted = row
    ? await ctx.db.deleteFrom('delegation_inits').where('id', '=', row.id).executeTakeFirst()
    : null;
  if (!row || Number(deleted?.numDeletedRows ?? 0) !== 1)
    throw new ApiError(
      'invalid_data',
      'encryption_public_key is not a live delegation key of this user: call frame/delegation/init first.',
    );
  return ctx.keyStore.open(row.private_key_sealed, delegationInitContext(appId, userId, row.id));
}
