import type { Kysely } from 'kysely';
import { assertRoomForType, type TypeLimit } from '../accounts/account-limits.ts';
import { type AccountType, toWireAccount, type VerifiedIdentity } from '../accounts/account-record.ts';
import { insertAccount } from '../accounts/insert-account.ts';
import { findAccountOwner, loadUser, toWireUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { recordEvent } from '../outbox/record-event.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { Database } from '../storage/schema.ts';
import { accountTransferRequired } from './transfer-nonces.ts';

async function requireUser(ctx: ServerContext, app: AppRecord, userId: string): Promise<UserRecord> {
  const user = await loadUser(ctx.db, app.id, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
  return user;
}

/**
 * Links a verified identity to a user. One account per type ('User already has an account of
 * type {type} linked.'), or the type's cap. An identity another user owns is
 * `account_transfer_required` (with a transfer nonce) where the route offers transfers, else
 * `linked_to_another_user`. Linking an account a guest did not have makes the guest a full user.
 */
export async function linkIdentity(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  identity: VerifiedIdentity,
  options: TypeLimit & { transferable?: boolean } = {},
): Promise<UserRecord> {
  const user = await requireUser(ctx, app, userId);
  const owner = await findAccountOwner(ctx.db, app.id, identity.type, identity.identifier);
  if (owner === userId) return user;
  if (owner) {
    if (options.transferable) throw await accountTransferRequired(ctx, app, userId, identity, owner);
    throw new ApiError('linked_to_another_user');
  }
  assertRoomForType(user, identity.type, options);
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute((trx) => addAccount(trx, app, user, identity, now));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('linked_to_another_user');
    throw error;
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}

/**
 * Inside the caller's transaction: gives `user` the identity as a new account, makes a guest a
 * full user, and records `user.linked_account`. The identity's unique constraint fails a
 * concurrent claim; callers map that to `linked_to_another_user`.
 */
export async function addAccount(
  trx: Kysely<Database>,
  app: AppRecord,
  user: UserRecord,
  identity: VerifiedIdentity,
  now: number,
): Promise<void> {
  await insertAccount(trx, app.id, user.id, identity, now);
  if (user.isGuest) await trx.updateTable('users').set({ is_guest: 0 }).where('id', '=', user.id).execute();
  const updated = (await loadUser(trx, app.id, user.id))!;
  const account = updated.accounts.find(
    (a) => a.type === identity.type && a.identifier === identity.identifier,
  );
  await recordEvent(
    trx,
    app.id,
    'user.linked_account',
    { user: toWireUser(updated), account: account && toWireAccount(account) },
    now,
  );
}

/** Unlinks one of the user's accounts; the last visible one cannot go. */
export async function unlinkAccount(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  type: AccountType,
  identifier: string,
): Promise<UserRecord> {
  const user = await requireUser(ctx, app, userId);
  const account = user.accounts.find((a) => a.type === type && a.identifier === identifier);
  if (!account) throw new ApiError('linked_account_not_found');
  const visible = user.accounts.filter((a) => a.type !== 'guest');
  if (visible.length <= 1 && !user.accounts.some((a) => a.type === 'guest'))
    throw new ApiError('cannot_unlink_sole_account');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('linked_accounts').where('id', '=', account.id).execute();
    const updated = (await loadUser(trx, app.id, userId))!;
    await recordEvent(
      trx,
      app.id,
      'user.unlinked_account',
      { user: toWireUser(updated), account: toWireAccount(account) },
      now,
    );
  });
  return (await loadUser(ctx.db, app.id, userId))!;
}

/** Replaces a linked email or phone with a newly verified one. */
export async function updateAccount(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  type: AccountType,
  oldIdentifier: string,
  next: VerifiedIdentity,
): Promise<UserRecord> {
  const user = await requireUser(ctx, app, userId);
  const account = user.accounts.find((a) => a.type === type && a.identifier === oldIdentifier);
  if (!account) throw new ApiError('linked_account_not_found');
  if (next.identifier === oldIdentifier) return user;
  const owner = await findAccountOwner(ctx.db, app.id, next.type, next.identifier);
  if (owner) throw new ApiError('linked_to_another_user');
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('linked_accounts')
        .set({
          identifier: next.identifier,
          details: JSON.stringify(next.details ?? {}),
          first_verified_at: now,
          latest_verified_at: now,
        })
        .where('id', '=', account.id)
        .execute();
      const updated = (await loadUser(trx, app.id, userId))!;
      const changed = updated.accounts.find((a) => a.id === account.id);
      await recordEvent(
        trx,
        app.id,
        'user.updated_account',
        { user: toWireUser(updated), account: changed && toWireAccount(changed) },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('linked_to_another_user');
    throw error;
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
