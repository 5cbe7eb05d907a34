import { deleteUser } from '../accounts/delete-user.ts';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { recordEvent } from '../outbox/record-event.ts';

/**
 * Deletes one of an app's users and records `user.deleted`, for the users API and the admin API
 * alike. Read, delete and record in one transaction: two concurrent deletes make one event.
 */
export async function removeUser(ctx: ServerContext, appId: string, id: string | null): Promise<void> {
  if (!id) throw new ApiError('user_does_not_exist', 'User not found.');
  await ctx.db.transaction().execute(async (trx) => {
    const user = await loadUser(trx, appId, id);
    if (!user) throw new ApiError('user_does_not_exist', 'User not found.');
    await deleteUser(trx, appId, id);
    await recordEvent(trx, appId, 'user.deleted', { user: toWireUser(user) }, ctx.now());
  });
}
