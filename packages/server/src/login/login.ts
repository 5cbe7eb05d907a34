import type { LoginMode } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { isEmbeddedWallet, toWireAccount, type VerifiedIdentity } from '../accounts/account-record.ts';
import { assertAllowlisted } from '../accounts/allowlist.ts';
import { accountInsert } from '../accounts/insert-account.ts';
import { findAccountOwner, loadAccountOwner, toWireUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { userLimit } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { eventsInsert } from '../outbox/record-event.ts';
import { type OpenedSession, sessionOpening } from '../sessions/session-service.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { Database } from '../storage/schema.ts';
import { type RowsInsert, writeTogether } from '../storage/write-together.ts';

export interface LoginReturnType {
  user: UserRecord;
  isNewUser: boolean;
  /** The session the login opened, in the transaction that recorded it (`loginResponse` answers it). */
  session: OpenedSession;
}

/**
 * Logs in the owner of a verified identity, or signs a new user up with it (unless `no-signup`),
 * and opens their session. Applies the allowlist and the development user limit; concurrent first
 * logins of one identity make exactly one user (the unique constraint decides, the loser logs in as
 * the winner). One lookup (none when the verification read the owner already: `owner`), then one
 * atomic write (storage/write-together.ts): a sign-up's user, account, two events, session and
 * refresh token; a returning login's account touch, event, session and refresh token. On PostgreSQL
 * each write is one statement.
 */
export async function loginWithIdentity(
  ctx: ServerContext,
  app: AppRecord,
  identity: VerifiedIdentity,
  options: LoginOptions = {},
): Promise<LoginReturnType> {
  const login = await logIn(ctx, app, identity, options);
  // Every login method ends here: counted once, by the account type that logged in.
  ctx.metrics.login(identity.type, login.isNewUser);
  return login;
}

export interface LoginOptions {
  mode?: LoginMode | undefined;
  isGuest?: boolean;
  signUpOnly?: boolean;
  /** The identity's owner (null: no one) when its verification read it already; else looked up. */
  owner?: UserRecord | null | undefined;
}

async function logIn(
  ctx: ServerContext,
  app: AppRecord,
  identity: VerifiedIdentity,
  options: LoginOptions,
): Promise<LoginReturnType> {
  await assertAllowlisted(ctx, app, identity);
  const existing =
    options.owner !== undefined
      ? options.owner
      : await loadAccountOwner(ctx.db, app.id, identity.type, identity.identifier);
  // A sign-up-only identity (a new passkey) proves nothing about an account someone already holds.
  if (existing && options.signUpOnly) throw new ApiError('linked_to_another_user');
  if (existing) return touchLogin(ctx, app, existing, identity);
  if (options.mode === 'no-signup') throw new ApiError('user_does_not_exist');
  try {
    return await createUser(ctx, app, identity, options.isGuest ?? false);
  } catch (error) {
    if (!isUniqueViolation(error) && !(error instanceof ClaimedMeanwhile)) throw error;
    const winner = await loadAccountOwner(ctx.db, app.id, identity.type, identity.identifier);
    if (!winner) throw error;
    if (options.signUpOnly) throw new ApiError('linked_to_another_user');
    return touchLogin(ctx, app, winner, identity);
  }
}

/** A racing first login of the same identity made its user while this one waited for the lock. */
class ClaimedMeanwhile extends Error {}

/**
 * Inside the sign-up transaction: refuses a new user once the app has as many as its limit allows.
 * Racing sign-ups must count one after another, or they all read "fewer than the limit" and all
 * get in. On PostgreSQL the app's row is locked until commit (FOR NO KEY UPDATE conflicts with
 * itself, not with the foreign-key checks of rows that reference the app), and under READ
 * COMMITTED the count taken after the lock sees every user the previous holder committed. SQLite
 * runs one write transaction at a time (Kysely holds its single connection for it).
 */
async function assertRoomForUser(
  ctx: ServerContext,
  trx: Kysely<Database>,
  app: AppRecord,
  identity: VerifiedIdentity,
): Promise<void> {
  const limit = userLimit(ctx, app);
  if (limit === null) return;
  if (ctx.dialect === 'postgres')
    await trx.selectFrom('apps').select('id').where('id', '=', app.id).forNoKeyUpdate().execute();
  if (await findAccountOwner(trx, app.id, identity.type, identity.identifier)) throw new ClaimedMeanwhile();
  const { count } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('app_id', '=', app.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) throw new ApiError('max_accounts_reached');
}

/**
 * Signs a new user up with the identity and opens their session: one atomic write of the user, the
 * account, its two events, the session and its refresh token (one statement on PostgreSQL). Under a
 * user limit the count and the writes share a transaction, behind the app's lock.
 */
async function createUser(
  ctx: ServerContext,
  app: AppRecord,
  identity: VerifiedIdentity,
  isGuest: boolean,
): Promise<LoginReturnType> {
  const now = ctx.now();
  const userId = randomId(25);
  const signUp = async (db: Kysely<Database>): Promise<LoginReturnType> => {
    const userInsert: RowsInsert<'users'> = {
      into: 'users',
      rows: [
        {
          id: userId,
          app_id: app.id,
          created_at: now,
          has_accepted_terms: 0,
          is_guest: isGuest ? 1 : 0,
          custom_metadata: null,
        },
      ],
    };
    const { write: accountWrite, account } = accountInsert(app.id, userId, identity, now);
    // The user as just written: nothing else can have changed a user no one else knows yet.
    const user: UserRecord = {
      id: userId,
      appId: app.id,
      createdAt: now,
      hasAcceptedTerms: false,
      isGuest,
      customMetadata: null,
      accounts: [account],
      mfaMethods: [],
    };
    const wire = toWireUser(user);
    const events = eventsInsert(app.id, now, [
      { type: 'user.created', body: { user: wire } },
      { type: 'user.authenticated', body: { user: wire, account: toWireAccount(account) } },
    ]);
    const { session, writes } = sessionOpening(ctx, app.id, userId);
    await writeTogether(db, ctx.dialect, [userInsert, accountWrite, events, ...writes]);
    return { user, isNewUser: true, session };
  };
  if (userLimit(ctx, app) === null) return signUp(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await assertRoomForUser(ctx, trx, app, identity);
    return signUp(trx);
  });
}

/**
 * Logs the owner of the identity in (`user` as loaded) and opens their session: the account's
 * verification time, the event, the session and its refresh token in one atomic write.
 */
async function touchLogin(
  ctx: ServerContext,
  app: AppRecord,
  user: UserRecord,
  identity: VerifiedIdentity,
): Promise<LoginReturnType> {
  const now = ctx.now();
  const stored = user.accounts.find((a) => a.type === identity.type && a.identifier === identity.identifier);
  // A sign-in with an embedded wallet's key keeps the embedded fields (index, recovery method):
  // they describe the wallet, not the client that signed.
  const embedded = stored !== undefined && isEmbeddedWallet(stored);
  const details = identity.details && !embedded ? identity.details : undefined;
  const account = stored && { ...stored, latestVerifiedAt: now, ...(details ? { details } : {}) };
  const touched: UserRecord = {
    ...user,
    accounts: user.accounts.map((a) => (a === stored && account ? account : a)),
  };
  const verified = ctx.db
    .updateTable('linked_accounts')
    .set({ latest_verified_at: now, ...(details ? { details: JSON.stringify(details) } : {}) })
    .where('app_id', '=', app.id)
    .where('type', '=', identity.type)
    .where('identifier', '=', identity.identifier);
  const event = eventsInsert(app.id, now, [
    {
      type: 'user.authenticated',
      body: { user: toWireUser(touched), account: account ? toWireAccount(account) : null },
    },
  ]);
  const { session, writes } = sessionOpening(ctx, app.id, user.id);
  await writeTogether(ctx.db, ctx.dialect, [verified, event, ...writes]);
  return { user: touched, isNewUser: false, session };
}
