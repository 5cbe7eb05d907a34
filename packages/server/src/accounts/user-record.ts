import { type User, userIdPrefix } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { Database, LinkedAccountsTable } from '../storage/schema.ts';
import { type AccountRecord, type AccountType, toWireAccount } from './account-record.ts';
import { loadMfaMethods, type MfaMethodRecord } from './mfa-methods.ts';

export interface UserRecord {
  id: string;
  appId: string;
  createdAt: number;
  hasAcceptedTerms: boolean;
  isGuest: boolean;
  customMetadata: Record<string, string | number | boolean> | null;
  accounts: AccountRecord[];
  /** The factors the user has enrolled (mfa-methods.ts), oldest first. */
  mfaMethods: MfaMethodRecord[];
}

export function toAccountRecord(row: LinkedAccountsTable): AccountRecord {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type as AccountType,
    identifier: row.identifier,
    details: JSON.parse(row.details) as Record<string, unknown>,
    firstVerifiedAt: row.first_verified_at,
    latestVerifiedAt: row.latest_verified_at,
  };
}

/** Loads a user of `appId` with their linked accounts, or null. */
export async function loadUser(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!row) return null;
  const accounts = await db
    .selectFrom('linked_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const records = accounts.map(toAccountRecord);
  const passkeys = records.filter((account) => account.type === 'passkey').map((account) => account.details);
  return {
    id: row.id,
    appId: row.app_id,
    createdAt: row.created_at,
    hasAcceptedTerms: Boolean(row.has_accepted_terms),
    isGuest: Boolean(row.is_guest),
    customMetadata: row.custom_metadata ? JSON.parse(row.custom_metadata) : null,
    accounts: records,
    mfaMethods: await loadMfaMethods(db, appId, userId, passkeys),
  };
}

/** The user id owning `type`/`identifier` in the app, if any. */
export async function findAccountOwner(
  db: Kysely<Database>,
  appId: string,
  type: AccountType,
  identifier: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('linked_accounts')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The wire form of a user (WIRE.md §4.1). */
export function toWireUser(user: UserRecord): User {
  const wire: User = {
    id: `${userIdPrefix}${user.id}`,
    created_at: user.createdAt,
    has_accepted_terms: user.hasAcceptedTerms,
    is_guest: user.isGuest,
    linked_accounts: user.accounts.map(toWireAccount).filter((a) => a !== null),
    mfa_methods: user.mfaMethods.map((method) => ({ type: method.type, verified_at: method.verifiedAt })),
  };
  if (user.customMetadata) wire.custom_metadata = user.customMetadata;
  return wire;
}
