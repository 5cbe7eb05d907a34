import type { AuthenticatedUser, SessionUpdateAction } from '@latchkey/protocol';
import { type Kysely, sql } from 'kysely';
import {
  accountOrder,
  toWireUser,
  type UserRecord,
  userFromRows,
  userRowColumns,
} from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomId, randomToken } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { compiledQuery } from '../storage/compiled-query.ts';
import type { Database } from '../storage/schema.ts';
import { insertOf, type RowsInsert } from '../storage/write-together.ts';
import { issueAccessToken, verifyAccessToken } from '../tokens/access-token.ts';
import { issueIdentityToken } from '../tokens/identity-token.ts';

/** The value the incumbent's React client sends when it has no refresh token (WIRE.md §5.3). */
const noRefreshToken = 'deprecated';

/** A refresh token a client actually presented: null, empty and `deprecated` are none. */
export function presentedRefreshToken(value: string | null | undefined): string | undefined {
  return value && value !== noRefreshToken ? value : undefined;
}

const clearResponse: AuthenticatedUser = {
  user: null,
  token: null,
  privy_access_token: null,
  refresh_token: null,
  identity_token: null,
  session_update_action: 'clear',
};

/** What a session's tokens carry: its id, when the user authenticated and when it ends for good. */
export interface SessionTimes {
  sessionId: string;
  authTime: number;
  expiresAt: number;
}

/** A refresh token of the session; it never outlives the session. */
async function insertRefreshToken(
  ctx: ServerContext,
  db: Kysely<Database>,
  session: SessionTimes,
): Promise<string> {
  const { write, token } = refreshTokenInsert(ctx, session);
  await insertOf(db, write).execute();
  return token;
}

/** A new refresh token of the session and the row that stores its hash. */
function refreshTokenInsert(ctx: ServerContext, session: SessionTimes) {
  const token = randomToken(32);
  const now = ctx.now();
  const values = {
    token_hash: sha256Hex(token),
    session_id: session.sessionId,
    created_at: now,
    expires_at: Math.min(now + ctx.settings.refreshTokenTtlSeconds, session.expiresAt),
    rotated_at: null,
  };
  const write: RowsInsert<'refresh_tokens'> = { into: 'refresh_tokens', rows: [values] };
  return { write, token, values };
}

/** A session just opened, with its first refresh token. */
export interface OpenedSession extends SessionTimes {
  refreshToken: string;
}

/**
 * A session for a user who just authenticated, with its first refresh token, and the two inserts
 * that store them: its start is their `auth_time`, and it ends `sessionTtlSeconds` later however
 * its refresh tokens rotate. Login sends the inserts with the writes that record the login
 * (storage/write-together.ts), so a login commits once.
 */
export function sessionOpening(
  ctx: ServerContext,
  appId: string,
  userId: string,
): { session: OpenedSession; writes: RowsInsert[] } {
  const now = ctx.now();
  const times = { sessionId: randomId(25), authTime: now, expiresAt: now + ctx.settings.sessionTtlSeconds };
  const sessionInsert: RowsInsert<'sessions'> = {
    into: 'sessions',
    rows: [
      {
        id: times.sessionId,
        app_id: appId,
        user_id: userId,
        created_at: times.authTime,
        expires_at: times.expiresAt,
        revoked_at: null,
      },
    ],
  };
  const refresh = refreshTokenInsert(ctx, times);
  return { session: { ...times, refreshToken: refresh.token }, writes: [sessionInsert, refresh.write] };
}

/** Builds the AuthenticatedUser response with fresh access and identity tokens. */
export async function authResponse(
  ctx: ServerContext,
  app: AppRecord,
  user: UserRecord,
  session: SessionTimes,
  refreshToken: string | null,
  action: SessionUpdateAction,
  isNewUser?: boolean,
): Promise<AuthenticatedUser> {
  const [{ token }, identityToken] = await Promise.all([
    issueAccessToken(ctx, app.id, { userId: user.id, ...session }),
    issueIdentityToken(ctx, app.id, user),
  ]);
  const response: AuthenticatedUser = {
    user: toWireUser(user),
    token,
    // A second token is optional (WIRE.md §5.1); with null the clients use `token` everywhere.
    privy_access_token: null,
    refresh_token: refreshToken,
    identity_token: identityToken,
    session_update_action: action,
  };
  if (isNewUser !== undefined) response.is_new_user = isNewUser;
  return response;
}

/** The answer to a login: the user, and the tokens of the session the login opened (`sessionOpening`). */
export function loginResponse(
  ctx: ServerContext,
  app: AppRecord,
  login: { user: UserRecord; isNewUser: boolean; session: OpenedSession },
): Promise<AuthenticatedUser> {
  const { refreshToken, ...session } = login.session;
  return authResponse(ctx, app, login.user, session, refreshToken, 'set', login.isNewUser);
}

async function revokeSession(ctx: ServerContext, sessionId: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * `POST /sessions` (spec document 1 §4 Session):
 * - a valid refresh token is rotated: `set` with new tokens;
 * - a rotated refresh token presented again is theft or a bug: the whole session is revoked
 *   and the caller gets `missing_or_invalid_token`;
 * - a logged-out or expired session answers `clear`;
 * - without a refresh token: `missing_or_invalid_token`. An access token never renews itself:
 *   one stolen from a page would otherwise keep a session alive for ever.
 */
export async function refreshSession(
  ctx: ServerContext,
  app: AppRecord,
  input: { refreshToken?: string | undefined },
): Promise<AuthenticatedUser> {
  const refreshToken = presentedRefreshToken(input.refreshToken);
  if (refreshToken) return rotate(ctx, app, refreshToken);
  throw new ApiError('missing_or_invalid_token', 'A refresh token is required to renew the session.');
}

/**
 * Rotates a refresh token: the token with its session and user (one query), then the claim and the
 * next token together (`claimAndRotate`), so a rotation commits once and never claims a token without
 * issuing its successor.
 */
async function rotate(ctx: ServerContext, app: AppRecord, refreshToken: string): Promise<AuthenticatedUser> {
  const hash = sha256Hex(refreshToken);
  // Sessions and refresh tokens go with their user (ON DELETE CASCADE): a token always has a user.
  const rows = await ctx.db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
    .select([
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.rotated_at',
      'sessions.revoked_at',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      ...userRowColumns,
    ])
    .where('refresh_tokens.token_hash', '=', hash)
    .where('sessions.app_id', '=', app.id)
    .orderBy(accountOrder)
    .execute();
  const row = rows[0];
  if (!row) throw new ApiError('missing_or_invalid_token', 'Invalid refresh token.');
  const now = ctx.now();
  if (row.revoked_at !== null || row.expires_at <= now || row.session_expires_at <= now) return clearResponse;
  const session = {
    sessionId: row.session_id,
    authTime: row.session_created_at,
    expiresAt: row.session_expires_at,
  };
  const next = row.rotated_at === null ? await claimAndRotate(ctx, hash, session, now) : null;
  if (next === null) {
    await revokeSession(ctx, row.session_id);
    ctx.log.info('refresh token reuse; session revoked', { app_id: app.id, session_id: row.session_id });
    throw new ApiError('missing_or_invalid_token', 'Refresh token already used; session revoked.');
  }
  return authResponse(ctx, app, userFromRows(rows)!, session, next, 'set');
}

/**
 * Claims the presented refresh token and issues its successor, atomically: of two concurrent uses
 * exactly one wins (the claim is an update of a row that is still unrotated, which the loser finds
 * rotated once the winner commits); null for the loser, a reuse. On PostgreSQL one statement (the
 * successor is inserted only from the claimed row), elsewhere one transaction.
 */
async function claimAndRotate(
  ctx: ServerContext,
  hash: string,
  session: SessionTimes,
  now: number,
): Promise<string | null> {
  if (ctx.dialect === 'postgres') {
    const successor = refreshTokenInsert(ctx, session);
    const { token_hash, created_at, expires_at } = successor.values;
    const { rows } = await sql`
      with claimed as (
        update refresh_tokens set rotated_at = ${now}
        where token_hash = ${hash} and rotated_at is null
        returning session_id)
      insert into refresh_tokens (token_hash, session_id, created_at, expires_at, rotated_at)
      select ${token_hash}, session_id, ${created_at}::bigint, ${expires_at}::bigint, null from claimed
      returning session_id`.execute(ctx.db);
    return rows.length === 0 ? null : successor.token;
  }
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('token_hash', '=', hash)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 0 ? null : insertRefreshToken(ctx, trx, session);
  });
}

/**
 * When a refresh token and its session end (Unix seconds), for cookies that expire with them;
 * null for a token this app does not know.
 */
export async function refreshTokenLifetime(
  ctx: ServerContext,
  app: AppRecord,
  refreshToken: string,
): Promise<{ expiresAt: number; sessionExpiresAt: number } | null> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select(['refresh_tokens.expires_at', 'sessions.expires_at as session_expires_at'])
    .where('refresh_tokens.token_hash', '=', sha256Hex(refreshToken))
    .where('sessions.app_id', '=', app.id)
    .executeTakeFirst();
  return row ? { expiresAt: row.expires_at, sessionExpiresAt: row.session_expires_at } : null;
}

/** A live session's user rows (`userRowColumns`): the one statement of a session check. */
const liveSessionWithUser = compiledQuery(
  (db, a: { sessionId: string; appId: string; userId: string; now: number }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
      .select(userRowColumns)
      .where('sessions.id', '=', a.sessionId)
      .where('sessions.app_id', '=', a.appId)
      .where('sessions.user_id', '=', a.userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', a.now)
      .where('users.app_id', '=', a.appId)
      .orderBy(accountOrder),
);

/**
 * The session behind an access token, if it is still live (not revoked, not past its end), with its
 * user: one statement, so a route that needs the user (`GET /users/me`) sends no other.
 */
export async function activeSession(
  ctx: ServerContext,
  app: AppRecord,
  sessionId: string,
  userId: string,
): Promise<{ id: string; user: UserRecord }> {
  const rows = await liveSessionWithUser(ctx.db, { sessionId, appId: app.id, userId, now: ctx.now() });
  const user = userFromRows(rows);
  if (!user) throw new ApiError('missing_or_invalid_token', 'Session ended.');
  return { id: sessionId, user };
}

/** Ends the session named by the refresh token or the access token. Idempotent. */
export async function logout(
  ctx: ServerContext,
  app: AppRecord,
  input: { refreshToken?: string | undefined; accessToken?: string | undefined },
): Promise<void> {
  const refreshToken = presentedRefreshToken(input.refreshToken);
  if (refreshToken) {
    const row = await ctx.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select('refresh_tokens.session_id')
      .where('refresh_tokens.token_hash', '=', sha256Hex(refreshToken))
      .where('sessions.app_id', '=', app.id)
      .executeTakeFirst();
    if (row) return revokeSession(ctx, row.session_id);
  }
  if (input.accessToken) {
    const claims = await verifyAccessToken(ctx, app.id, input.accessToken).catch(() => null);
    if (claims) await revokeSession(ctx, claims.sessionId);
  }
}
