import { limits, type MfaMethod, mfaTokenHeader } from '@latchkey/protocol';
import type { Context, MiddlewareHandler } from 'hono';
import { loadMfaMethods } from '../accounts/mfa-methods.ts';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';

/** Who a token is for: the user, in the session (the access token's `sid`) that verified. */
export interface MfaSubject {
  appId: string;
  userId: string;
  sessionId: string;
}

/**
 * Hands out an MFA token after a right code: 32 random bytes (base64url), stored as SHA-256 only,
 * good for `limits.mfaTokenTtlSeconds` and only for this user in this session. A token is not spent
 * by use: it covers the operation it was asked for and the signatures right after it.
 */
export async function issueMfaToken(
  ctx: ServerContext,
  subject: MfaSubject,
  method: MfaMethod,
): Promise<{ token: string }> {
  const token = randomToken(32);
  const now = ctx.now();
  await ctx.db
    .insertInto('mfa_tokens')
    .values({
      token_hash: sha256Hex(token),
      app_id: subject.appId,
      user_id: subject.userId,
      session_id: subject.sessionId,
      method,
      created_at: now,
      expires_at: now + limits.mfaTokenTtlSeconds,
    })
    .execute();
  return { token };
}

const invalidMfaToken = () => new ApiError('expired_or_invalid_mfa_token');

/**
 * Checks a presented MFA token: one this server issued, unexpired, for this app, user and session.
 * Anything else (unknown, expired, another user's, another session's, malformed) is
 * `expired_or_invalid_mfa_token`; which of them it was is not told.
 */
export async function verifyMfaToken(ctx: ServerContext, subject: MfaSubject, token: string): Promise<void> {
  if (token.length < 16 || token.length > 128) throw invalidMfaToken();
  const row = await ctx.db
    .selectFrom('mfa_tokens')
    .select(['app_id', 'user_id', 'session_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (
    !row ||
    row.app_id !== subject.appId ||
    row.user_id !== subject.userId ||
    row.session_id !== subject.sessionId
  )
    throw invalidMfaToken();
}

/** The request's authenticated user as an MFA subject (set by `requireUser`). */
export function mfaSubject(c: Context<AppEnv>): MfaSubject {
  const { userId, sessionId } = c.get('auth');
  return { appId: c.get('app').id, userId, sessionId };
}

/**
 * The gate: a user with at least one factor must present a valid MFA token in `mfaTokenHeader`
 * (none: `missing_or_invalid_mfa`; a bad one: `expired_or_invalid_mfa_token`). A user without a
 * factor passes untouched. The frame API's share releases and session check, and every factor
 * change, call it.
 */
export async function assertMfaVerified(ctx: ServerContext, c: Context<AppEnv>): Promise<void> {
  const subject = mfaSubject(c);
  const methods = await loadMfaMethods(ctx.db, subject.appId, subject.userId);
  if (methods.length === 0) return;
  const token = c.req.header(mfaTokenHeader);
  if (!token) throw new ApiError('missing_or_invalid_mfa');
  await verifyMfaToken(ctx, subject, token);
}

/** `assertMfaVerified` as route middleware (after the user guard, and the device proof where there is one). */
export function requireMfa(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertMfaVerified(ctx, c);
    await next();
  };
}
