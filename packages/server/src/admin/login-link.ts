import type { ServerContext } from '../context.ts';
import { constantTimeEqual, sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { adminSessionSeconds } from './admin-sessions.ts';

/**
 * The development server's one-time dashboard login link, printed at every start of `latchkey dev`
 * (`…/dashboard/#login=<token>`): the developer's first click opens the dashboard without hunting for
 * the admin key printed once on the first start. The token rides in the URL's fragment, which no
 * request, log or Referer carries; only its hash is stored, with an expiry; it opens one session and
 * is gone, and each start replaces the previous one. Failures count against the admin login budget.
 */
const settingKey = 'dashboard_login_link';
/** As long as a dashboard session: a link printed in the morning still works in the afternoon. */
export const loginLinkSeconds = adminSessionSeconds;

export async function createLoginLink(ctx: ServerContext): Promise<string> {
  const token = randomToken(32);
  const value = `${sha256Hex(token)}:${ctx.now() + loginLinkSeconds}`;
  await ctx.db
    .insertInto('server_settings')
    .values({ key: settingKey, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return token;
}

/**
 * Whether `token` is the live link; if so it is spent, by a delete that only one of two racing
 * requests can win.
 */
export async function redeemLoginLink(ctx: ServerContext, token: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', settingKey)
    .executeTakeFirst();
  if (!row) return false;
  const [hash = '', expiresAt = '0'] = row.value.split(':');
  if (!constantTimeEqual(sha256Hex(token), hash) || Number(expiresAt) <= ctx.now()) return false;
  const spent = await ctx.db
    .deleteFrom('server_settings')
    .where('key', '=', settingKey)
    .where('value', '=', row.value)
    .executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}

/** The link the development server prints. */
export const loginLinkUrl = (serverUrl: string, token: string) => `${serverUrl}/dashboard/#login=${token}`;
