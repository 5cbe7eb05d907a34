import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { serverOrigin } from '../http/server-origin.ts';

/**
 * Dashboard sessions: after the admin key is presented once (`POST /admin/v1/session`), the browser
 * holds a random session id in an HttpOnly cookie scoped to the admin API, so the key itself is
 * never kept in page script or storage. Only the id's SHA-256 is stored, with an expiry.
 */

export const adminCookieName = 'latchkey_admin';
/** How long a dashboard login lasts: a working day. */
export const adminSessionSeconds = 12 * 60 * 60;
/** The header a cookie-authenticated write must carry (CSRF: a cross-site form cannot set it). */
export const adminCsrfHeader = 'x-latchkey-admin';

const cookiePath = '/admin/v1';

export async function createAdminSession(ctx: ServerContext, c: Context): Promise<{ expires_at: number }> {
  const id = randomToken(32);
  const now = ctx.now();
  const expiresAt = now + adminSessionSeconds;
  // Expired sessions are swept here: logins are rare, so this stays cheap.
  await ctx.db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
  await ctx.db
    .insertInto('admin_sessions')
    .values({ id_hash: sha256Hex(id), created_at: now, expires_at: expiresAt })
    .execute();
  setCookie(c, adminCookieName, id, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'Strict',
    secure: serverOrigin(ctx.settings).startsWith('https:'),
    maxAge: adminSessionSeconds,
  });
  return { expires_at: expiresAt };
}

/** Whether the request's cookie names a live session. */
export async function hasAdminSession(ctx: ServerContext, c: Context): Promise<boolean> {
  const id = getCookie(c, adminCookieName);
  if (!id || id.length > 100) return false;
  const row = await ctx.db
    .selectFrom('admin_sessions')
    .select('expires_at')
    .where('id_hash', '=', sha256Hex(id))
    .executeTakeFirst();
  return row !== undefined && Number(row.expires_at) > ctx.now();
}

/** Ends the cookie's session (if any) and clears the cookie. */
export async function deleteAdminSession(ctx: ServerContext, c: Context): Promise<void> {
  const id = getCookie(c, adminCookieName);
  if (id && id.length <= 100)
    await ctx.db.deleteFrom('admin_sessions').where('id_hash', '=', sha256Hex(id)).execute();
  deleteCookie(c, adminCookieName, {
    path: cookiePath,
    secure: serverOrigin(ctx.settings).startsWith('https:'),
  });
}
