import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/**
 * Deletes a user and every row that belongs to them, inside the caller's transaction. Each
 * per-user table is named here rather than left to ON DELETE CASCADE, so that the list of what
 * a deleted user leaves behind (nothing) can be read in one place. Their sessions and refresh
 * tokens go too: every access token they hold stops working at once (requireUser looks the
 * session up), and no refresh token of theirs can mint a new one.
 */
export async function deleteUser(db: Kysely<Database>, appId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('refresh_tokens')
    .where('session_id', 'in', db.selectFrom('sessions').select('id').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('linked_accounts').where('user_id', '=', userId).execute();
  // Their embedded wallets' shares: without the accounts they are unreachable, and kept they
  // would be key material of nobody.
  await db.deleteFrom('wallet_entropies').where('user_id', '=', userId).execute();
  await db.deleteFrom('wallet_devices').where('user_id', '=', userId).execute();
  await db.deleteFrom('key_proof_nonces').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('account_transfers')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('from_user_id', '=', userId)]))
    .execute();
  await db.deleteFrom('users').where('id', '=', userId).where('app_id', '=', appId).execute();
}
