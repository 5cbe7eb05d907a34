import type { Kysely } from 'kysely';
import { randomId } from '../crypto/random.ts';
import type { Database } from '../storage/schema.ts';
import { insertOf, type RowsInsert } from '../storage/write-together.ts';
import type { AccountRecord, VerifiedIdentity } from './account-record.ts';

/**
 * Inserts a verified identity as a linked account of `userId`, and answers it as stored. The (app,
 * type, identifier) unique constraint makes a concurrent claim of the same identity fail here;
 * callers map that failure.
 */
export async function insertAccount(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  identity: VerifiedIdentity,
  now: number,
): Promise<AccountRecord> {
  const { write, account } = accountInsert(appId, userId, identity, now);
  await insertOf(db, write).execute();
  return account;
}

/** The insert `insertAccount` runs, and the account as it will be stored, for a caller that batches writes. */
export function accountInsert(appId: string, userId: string, identity: VerifiedIdentity, now: number) {
  const id = randomId(25);
  const details = identity.details ?? {};
  const write: RowsInsert<'linked_accounts'> = {
    into: 'linked_accounts',
    rows: [
      {
        id,
        user_id: userId,
        app_id: appId,
        type: identity.type,
        identifier: identity.identifier,
        details: JSON.stringify(details),
        first_verified_at: now,
        latest_verified_at: now,
        created_at: now,
      },
    ],
  };
  const account: AccountRecord = {
    id,
    userId,
    type: identity.type,
    identifier: identity.identifier,
    details,
    firstVerifiedAt: now,
    latestVerifiedAt: now,
  };
  return { write, account };
}
