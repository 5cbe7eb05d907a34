import { userIdPrefix } from '@latchkey/protocol';
import { assertRoomForType, type TypeLimit } from '../accounts/account-limits.ts';
import { toWireAccount, type VerifiedIdentity } from '../accounts/account-record.ts';
import { deleteUser } from '../accounts/delete-user.ts';
import { loadUser, toWireUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { recordEvent } from '../outbox/record-event.ts';
import { isUniqueViolation } from '../storage/db.ts';
import { addAccount } from './link.ts';
import { claimTransferNonce, type TransferGrant } from './transfer-nonces.ts';

const invalidNonce = () => new ApiError('invalid_credentials', 'Invalid or expired transfer nonce.');

/** The account changed hands between the owner check and the move: someone else got there first. */
class OwnerChanged extends Error {}

/**
 * The identity a transfer takes: named by the request, or (OAuth's web transfer, whose body does
 * not say the account's type) by the grant, which the function checks is one of its method's
 * (null: it is not).
 */
export type TransferIdentity = VerifiedIdentity | ((grant: TransferGrant) => VerifiedIdentity | null);

/**
 * Account transfer ('Transfer and delete account'): with the nonce an `account_transfer_required`
 * answer gave them, a user takes the named account from its owner, and that owner is deleted.
 *
 * The nonce is spent first, whatever follows; it must have been issued to this user for this very
 * account ('Invalid or expired transfer nonce.' otherwise). Then, in one transaction: an account
 * still with the user it was taken from moves here (its details refreshed with `identity.details`)
 * and that user is deleted with everything of theirs, recording `user.transferred_account`; one
 * that is already this user's leaves the user unchanged; one that nobody owns any more is linked;
 * one a third user owns by now is `linked_to_another_user`. The per-type limits of linking apply,
 * and a guest becomes a full user.
 */
export async function transferAccount(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  nonce: string,
  named: TransferIdentity,
  limit: TypeLimit = {},
): Promise<UserRecord> {
  const now = ctx.now();
  const grant = await claimTransferNonce(ctx.db, app.id, nonce, now);
  const identity = grant && (typeof named === 'function' ? named(grant) : named);
  if (
    !grant ||
    !identity ||
    grant.userId !== userId ||
    grant.type !== identity.type ||
    grant.identifier !== identity.identifier
  )
    throw invalidNonce();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const user = await loadUser(trx, app.id, userId);
      if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
      const account = await trx
        .selectFrom('linked_accounts')
        .select(['id', 'user_id', 'details'])
        .where('app_id', '=', app.id)
        .where('type', '=', identity.type)
        .where('identifier', '=', identity.identifier)
        .executeTakeFirst();
      if (account?.user_id === userId) return;
      if (account && account.user_id !== grant.fromUserId) throw new ApiError('linked_to_another_user');
      assertRoomForType(user, identity.type, limit);
      if (!account) return addAccount(trx, app, user, identity, now);

      const details = { ...(JSON.parse(account.details) as object), ...identity.details };
      const moved = await trx
        .updateTable('linked_accounts')
        .set({ user_id: userId, details: JSON.stringify(details), latest_verified_at: now })
        .where('id', '=', account.id)
        .where('user_id', '=', grant.fromUserId)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new OwnerChanged();
      if (user.isGuest)
        await trx.updateTable('users').set({ is_guest: 0 }).where('id', '=', userId).execute();
      await deleteUser(trx, app.id, grant.fromUserId);
      const updated = (await loadUser(trx, app.id, userId))!;
      const taken = updated.accounts.find((a) => a.id === account.id);
      await recordEvent(
        trx,
        app.id,
        'user.transferred_account',
        {
          fromUser: { id: `${userIdPrefix}${grant.fromUserId}` },
          toUser: toWireUser(updated),
          account: taken && toWireAccount(taken),
          deletedUser: true,
        },
        now,
      );
    });
  } catch (error) {
    if (error instanceof OwnerChanged || isUniqueViolation(error))
      throw new ApiError('linked_to_another_user');
    throw error;
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
