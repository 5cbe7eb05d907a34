import type { cookieNames } from '@latchkey/protocol';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http/env.ts';
import { assertCookieOrigin } from '../http/origin.ts';
import { serverOrigin } from '../http/server-origin.ts';

type SessionCookieName = typeof cookieNames.token | typeof cookieNames.refreshToken;

/**
 * A session credential from its cookie, for an app with cookie sessions (other apps' requests are
 * read as if they carried no cookie). The request must come from an origin the app allows or
 * this server's own, since browsers attach the cookie whoever made the request (see
 * `assertCookieOrigin`).
 */
export function sessionCookie(
  ctx: ServerContext,
  c: Context<AppEnv>,
  name: SessionCookieName,
): string | undefined {
  const app = c.get('app');
  if (!app.settings.cookie_sessions) return undefined;
  const value = getCookie(c, name);
  if (!value) return undefined;
  assertCookieOrigin(app, c.req.header('origin'), serverOrigin(ctx.settings));
  return value;
}
