import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import type { Database } from '../storage/schema.ts';

/*
 * The stored signed key requests of Farcaster signers (signers.ts, tables.ts) as the rest of the
 * server reads them: a login's account details, a user's deletion.
 */

/** A deleted user's requests go with them (`Feature.deletesWithUser`). */
export async function deleteUserSignerRequests(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('farcaster_signer_requests')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The key the user's Farcaster account shows at login: their latest approved request's on that fid
 * (a login rewrites the account's details from the sign-in). The chain is read again at `status`.
 */
export async function approvedSignerKey(
  ctx: ServerContext,
  appId: string,
  fid: number,
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('farcaster_signer_requests')
    .select('public_key')
    .where('app_id', '=', appId)
    .where('user_fid', '=', fid)
    .where('status', '=', 'approved')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.public_key ?? null;
}
