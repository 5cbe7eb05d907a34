import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/**
 * What a feature deletes of a user's, inside the transaction that deletes the user: rows of its own
 * tables that hold more than data (delegated-actions: the server's copies of wallet keys), which a
 * feature owning them must be the one to find. Declared as `Feature.deletesWithUser`.
 */
export type UserDeletionStep = (db: Kysely<Database>, appId: string, userId: string) => Promise<void>;

const steps: UserDeletionStep[] = [];

/** Adds the features' steps (app.ts, from `Feature.deletesWithUser`); adding one again is a no-op. */
export function useUserDeletionSteps(added: readonly UserDeletionStep[]): void {
  for (const step of added) if (!steps.includes(step)) steps.push(step);
}

/**
 * Deletes a user and every row that belongs to them, inside the caller's transaction. Each
 * per-user table is named here rather than left to ON DELETE CASCADE, so that the list of what
 * a deleted user leaves behind (nothing) can be read in one place. Their sessions and refresh
 * tokens go too: every access token they hold stops working at once (requireUser looks the
 * session up), and no refresh token of theirs can mint a new one. The features' own steps
 * (`useUserDeletionSteps`) run first, while the user's rows they may read are still there.
 */
export async function deleteUser(db: Kysely<Database>, appId: string, userId: string): Promise<void> {
  for (const step of steps) await step(db, appId, userId);
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
