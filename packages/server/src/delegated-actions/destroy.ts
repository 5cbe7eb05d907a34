import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { markDelegated } from './account-flags.ts';
import type { DelegatedWalletsTable } from './tables.ts';

export type DelegatedWalletRow = Selectable<DelegatedWalletsTable>;

/**
 * Ends delegations (revoke, expiry): the server's copy of each key goes, with the wallet's row and
 * its implicit owner quorum; the delegation row stays, `revoked_at` set, so the wallet id is still
 * answered `user_has_not_delegated_wallet` and a new consent restores it. The account says
 * `delegated: false`. Run inside the caller's transaction.
 */
export async function endDelegations(
  db: Kysely<Database>,
  rows: readonly DelegatedWalletRow[],
  endedAt: number,
): Promise<void> {
  for (const row of rows) {
    await destroyKey(db, row);
    await db
      .updateTable('delegated_wallets')
      .set({ revoked_at: endedAt })
      .where('wallet_id', '=', row.wallet_id)
      .execute();
    await markDelegated(db, row, false);
  }
}

/** Deletes the wallet row that holds the key (its transaction records go with it) and its owner quorum. */
export async function destroyKey(
  db: Kysely<Database>,
  row: Pick<DelegatedWalletRow, 'app_id' | 'wallet_id' | 'owner_quorum_id'>,
): Promise<void> {
  await db
    .deleteFrom('server_wallets')
    .where('app_id', '=', row.app_id)
    .where('id', '=', row.wallet_id)
    .execute();
  if (row.owner_quorum_id)
    await db
      .deleteFrom('key_quorums')
      .where('app_id', '=', row.app_id)
      .where('id', '=', row.owner_quorum_id)
      .where('implicit', '=', 1)
      .execute();
}

/** `POST /api/v1/wallets/revoke`: every delegation of the user in the app that has not ended. */
export async function revokeDelegations(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  nowMs: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('delegated_wallets')
      .selectAll()
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await endDelegations(trx, rows, nowMs);
  });
}

/**
 * With the user (`Feature.deletesWithUser`): their delegated wallets' keys and every trace of the
 * delegations; their accounts go with the user.
 */
export async function deleteDelegationsOfUser(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<void> {
  const rows = await db
    .selectFrom('delegated_wallets')
    .selectAll()
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) if (row.revoked_at === null) await destroyKey(db, row);
  await db
    .deleteFrom('delegated_wallets')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('delegation_inits').where('app_id', '=', appId).where('user_id', '=', userId).execute();
}
