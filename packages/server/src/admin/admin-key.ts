import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual, sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { bearerToken } from '../http/credentials.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { adminCsrfHeader, hasAdminSession } from './admin-sessions.ts';

const settingKey = 'admin_key_hash';

/**
 * The admin key guards `/admin/v1`. From `LATCHKEY_ADMIN_KEY` when set; otherwise generated on
 * first start and returned once for printing — only its hash is stored.
 */
export async function ensureAdminKey(
  ctx: ServerContext,
  envKey: string | undefined,
): Promise<{ hash: string; generated: string | null }> {
  if (envKey) return { hash: sha256Hex(envKey), generated: null };
  const row = await ctx.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', settingKey)
    .executeTakeFirst();
  if (row) return { hash: row.value, generated: null };
  const key = `lk_admin_${randomToken(24)}`;
  const hash = sha256Hex(key);
  const inserted = await ctx.db
    .insertInto('server_settings')
    .values({ key: settingKey, value: hash })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    // Another replica won the race; use its key.
    const winner = await ctx.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', settingKey)
      .executeTakeFirstOrThrow();
    return { hash: winner.value, generated: null };
  }
  return { hash, generated: key };
}

export function verifyAdminKey(hash: string, presented: string): boolean {
  return constantTimeEqual(sha256Hex(presented), hash);
}

/**
 * Admits only callers with the admin key (`Authorization: Bearer <admin key>`), or the dashboard's
 * session cookie (admin-sessions.ts). A cookie comes with every request the browser makes, including
 * those another site triggers, so a cookie-authenticated write must also carry `x-latchkey-admin: 1`
 * (a header a cross-site form cannot set, and a cross-origin script only after a preflight this
 * server does not grant credentials for) and, when the browser names its Origin, come from this
 * server's own origin.
 */
export function requireAdminKey(ctx: ServerContext, adminKeyHash: string): MiddlewareHandler {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const key = bearerToken(authorization);
      if (!key || !verifyAdminKey(adminKeyHash, key))
        throw new ApiError('missing_or_invalid_token', 'Invalid admin key.');
      return next();
    }
    if (!(await hasAdminSession(ctx, c)))
      throw new ApiError('missing_or_invalid_token', 'Invalid admin key or expired dashboard session.');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (
        c.req.header(adminCsrfHeader) !== '1' ||
        (origin !== undefined && origin !== serverOrigin(ctx.settings))
      )
        throw new ApiError(
          'invalid_origin',
          `A dashboard write must come from this server's origin with ${adminCsrfHeader}: 1.`,
        );
    }
    return next();
  };
}
