import type { Context, MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual, sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import type { AdminKeyHash } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import { bearerToken } from '../http/credentials.ts';
import { adminCsrfHeader, hasAdminSession } from './admin-sessions.ts';
import { redeemLoginLink } from './login-link.ts';

const settingKey = 'admin_key_hash';
/** A configured key shorter than this is refused at start: the key alone opens every app. */
export const adminKeyMinLength = 32;

/** Refuses a configured admin key too short to withstand guessing (a generated one has 41 characters). */
export function assertAdminKey(key: string | undefined): void {
  if (key !== undefined && key.length < adminKeyMinLength)
    throw new Error(
      `The admin key (LATCHKEY_ADMIN_KEY) has ${key.length} characters; it must have at least ` +
        `${adminKeyMinLength} (e.g. lk_admin_$(openssl rand -hex 24)), or be unset to have one generated`,
    );
}

/**
 * The admin key guards `/admin/v1`. From `LATCHKEY_ADMIN_KEY` when set; otherwise generated on
 * first start and returned once for printing — only its hash is stored.
 */
export async function ensureAdminKey(
  ctx: ServerContext,
  envKey: string | undefined,
): Promise<{ hash: AdminKeyHash; generated: string | null }> {
  if (envKey) {
    const hash = sha256Hex(envKey);
    return { hash: async () => hash, generated: null };
  }
  // Read at each check, so that `latchkey admin-key --rotate` takes effect on a running server.
  const stored: AdminKeyHash = () => storedAdminKeyHash(ctx);
  if (await stored()) return { hash: stored, generated: null };
  const key = `lk_admin_${randomToken(24)}`;
  const inserted = await ctx.db
    .insertInto('server_settings')
    .values({ key: settingKey, value: sha256Hex(key) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  // Another replica won the race: its key is the one.
  const won = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  return { hash: stored, generated: won ? key : null };
}

async function storedAdminKeyHash(ctx: ServerContext): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', settingKey)
    .executeTakeFirst();
  return row?.value ?? null;
}

/**
 * `latchkey admin-key --rotate`: a new stored admin key, returned once for printing. The old key
 * stops working at once (the servers read the hash at each check) and every dashboard session ends,
 * so whoever held the old key keeps nothing it opened.
 */
export async function rotateAdminKey(ctx: ServerContext): Promise<string> {
  const key = `lk_admin_${randomToken(24)}`;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('server_settings')
      .values({ key: settingKey, value: sha256Hex(key) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sha256Hex(key) }))
      .execute();
    await trx.deleteFrom('admin_sessions').execute();
  });
  return key;
}

export function verifyAdminKey(hash: string, presented: string): boolean {
  return constantTimeEqual(sha256Hex(presented), hash);
}

/**
 * Admits a presented admin key, or refuses it and counts the failure against the caller's IP
 * (`adminAuthIp`). Once an IP has spent that budget it is refused with `too_many_requests` before
 * its key is even compared, so guessing stops there; a right key under the budget is never slowed.
 */
export async function checkAdminKey(
  ctx: ServerContext,
  c: Context,
  adminKeyHash: AdminKeyHash,
  presented: string | undefined,
): Promise<void> {
  const ip = clientIp(c, ctx.settings.trustProxy);
  await ctx.rateLimits.assertNotSpent('adminAuthIp', ip);
  const hash = presented ? await adminKeyHash() : null;
  if (presented && hash && verifyAdminKey(hash, presented)) return;
  await ctx.rateLimits.consume('adminAuthIp', ip);
  throw new ApiError('missing_or_invalid_token', 'Invalid admin key.');
}

/**
 * Admits the development server's one-time login link (login-link.ts), or refuses it and counts the
 * failure as a wrong admin key is counted.
 */
export async function checkLoginLink(ctx: ServerContext, c: Context, token: string): Promise<void> {
  const ip = clientIp(c, ctx.settings.trustProxy);
  await ctx.rateLimits.assertNotSpent('adminAuthIp', ip);
  if (await redeemLoginLink(ctx, token)) return;
  await ctx.rateLimits.consume('adminAuthIp', ip);
  throw new ApiError(
    'missing_or_invalid_token',
    'This login link was used or has expired: restart `latchkey dev` for a new one, or log in with the admin key.',
  );
}

/**
 * Admits only callers with the admin key (`Authorization: Bearer <admin key>`), or the dashboard's
 * session cookie (admin-sessions.ts). A cookie comes with every request the browser makes, including
 * those another site triggers, so a cookie-authenticated write must also carry `x-latchkey-admin: 1`
 * (a header a cross-site form cannot set, and a cross-origin script only after a preflight this
 * server does not grant); a request naming another Origin never reaches here (admin-origin.ts).
 */
export function requireAdminKey(ctx: ServerContext, adminKeyHash: AdminKeyHash): MiddlewareHandler {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      await checkAdminKey(ctx, c, adminKeyHash, bearerToken(authorization));
      return next();
    }
    if (!(await hasAdminSession(ctx, c)))
      throw new ApiError('missing_or_invalid_token', 'Invalid admin key or expired dashboard session.');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header(adminCsrfHeader) !== '1')
      throw new ApiError(
        'invalid_origin',
        `A dashboard write must come from this server's origin with ${adminCsrfHeader}: 1.`,
      );
    return next();
  };
}
