import { type User, userIdPrefix } from '@latchkey/protocol';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../storage/compiled-query.ts';
import type { Database, LinkedAccountsTable } from '../storage/schema.ts';
import { type AccountRecord, type AccountType, toWireAccount } from './account-record.ts';
import { type MfaMethodRecord, mfaMethodsOf } from './mfa-methods.ts';

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

/**
 * The columns that make a `UserRecord` (`userFromRows`), for a query that has `users` and
 * `linked_accounts` (left-joined: one row per account, or one with null account columns) in
 * scope: the user, each account, and the enrolled factors as `type:enrolled_at` pairs. One
 * statement loads a whole user, alone or with what it was looked up by (a session, a token).
 */
export const userRowColumns = [
  sql<string>`users.id`.as('user_id'),
  sql<string>`users.app_id`.as('user_app_id'),
  sql<number>`users.created_at`.as('user_created_at'),
  sql<number>`users.has_accepted_terms`.as('user_has_accepted_terms'),
  sql<number>`users.is_guest`.as('user_is_guest'),
  sql<string | null>`users.custom_metadata`.as('user_custom_metadata'),
  sql<string | null>`linked_accounts.id`.as('account_id'),
  sql<string | null>`linked_accounts.type`.as('account_type'),
  sql<string | null>`linked_accounts.identifier`.as('account_identifier'),
  sql<string | null>`linked_accounts.details`.as('account_details'),
  sql<number | null>`linked_accounts.first_verified_at`.as('account_first_verified_at'),
  sql<number | null>`linked_accounts.latest_verified_at`.as('account_latest_verified_at'),
  // string_agg: PostgreSQL, and SQLite since 3.44 (node:sqlite of Node 22.16 bundles 3.49).
  sql<string | null>`(select string_agg(mfa_factors.type || ':' || mfa_factors.enrolled_at, ',')
    from mfa_factors where mfa_factors.app_id = users.app_id and mfa_factors.user_id = users.id
    and mfa_factors.enrolled_at is not null)`.as('user_mfa_factors'),
] as const;

/** The order of a user's accounts in `userRowColumns` rows: the order they were linked in. */
export const accountOrder = sql`linked_accounts.created_at, linked_accounts.id`;

/** A row of `userRowColumns`. */
export interface UserRow {
  user_id: string;
  user_app_id: string;
  user_created_at: number;
  user_has_accepted_terms: number;
  user_is_guest: number;
  user_custom_metadata: string | null;
  account_id: string | null;
  account_type: string | null;
  account_identifier: string | null;
  account_details: string | null;
  account_first_verified_at: number | null;
  account_latest_verified_at: number | null;
  user_mfa_factors: string | null;
}

/** The user the rows of `userRowColumns` describe (rows in `accountOrder`), or null for none. */
export function userFromRows(rows: readonly UserRow[]): UserRecord | null {
  const row = rows[0];
  if (!row) return null;
  const accounts: AccountRecord[] = rows
    .filter((r) => r.account_id !== null)
    .map((r) => ({
      id: r.account_id!,
      userId: r.user_id,
      type: r.account_type as AccountType,
      identifier: r.account_identifier!,
      details: JSON.parse(r.account_details!) as Record<string, unknown>,
      firstVerifiedAt: Number(r.account_first_verified_at),
      latestVerifiedAt: Number(r.account_latest_verified_at),
    }));
  const factors = (row.user_mfa_factors?.split(',') ?? []).map((pair) => {
    const [type, at] = pair.split(':');
    return { type: type as 'sms' | 'totp', verifiedAt: Number(at) };
  });
  const passkeys = accounts.filter((account) => account.type === 'passkey').map((account) => account.details);
  return {
    id: row.user_id,
    appId: row.user_app_id,
    createdAt: row.user_created_at,
    hasAcceptedTerms: Boolean(row.user_has_accepted_terms),
    isGuest: Boolean(row.user_is_guest),
    customMetadata: row.user_custom_metadata ? JSON.parse(row.user_custom_metadata) : null,
    accounts,
    mfaMethods: mfaMethodsOf(factors, passkeys),
  };
}

/** Loads a user of `appId` with their linked accounts and factors, or null: one statement. */
export async function loadUser(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<UserRecord | null> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
    .select(userRowColumns)
    .where('users.id', '=', userId)
    .where('users.app_id', '=', appId)
    .orderBy(accountOrder)
    .execute();
  return userFromRows(rows);
}

/**
 * The user of `appId` who owns the account `type`/`identifier`, with all their accounts and
 * factors, or null: one statement, where a lookup of the owner and `loadUser` took four.
 */
export async function loadAccountOwner(
  db: Kysely<Database>,
  appId: string,
  type: AccountType,
  identifier: string,
): Promise<UserRecord | null> {
  return userFromRows(await accountOwnerRows(db, { appId, type, identifier }));
}

/**
 * The query of `loadAccountOwner`'s rows (in `accountOrder`), for a statement that reads the owner
 * beside something else (PostgreSQL's code check: codes/take-code-postgres.ts).
 */
export const accountOwnerQuery = (
  db: Kysely<Database>,
  a: { appId: string; type: AccountType; identifier: string },
) =>
  db
    .selectFrom('linked_accounts as owned')
    .innerJoin('users', 'users.id', 'owned.user_id')
    .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
    .select(userRowColumns)
    .where('owned.app_id', '=', a.appId)
    .where('owned.type', '=', a.type)
    .where('owned.identifier', '=', a.identifier)
    .where('users.app_id', '=', a.appId)
    .orderBy(accountOrder);

const accountOwnerRows = compiledQuery(accountOwnerQuery);

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
