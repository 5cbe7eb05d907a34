import { cookieNames } from '@latchkey/protocol';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { bearerToken } from '../http/middleware.ts';
import { sessionCookie } from './cookie-credentials.ts';
import { expiredSessionCookies } from './session-cookies.ts';
import { logout, presentedRefreshToken, refreshSession } from './session-service.ts';

const body = z.object({ refresh_token: boundedString(512).nullish() });

/**
 * `POST /api/v1/sessions` (refresh) and `POST /api/v1/sessions/logout`. The refresh token comes
 * from the body, else (cookie sessions) from the `privy-refresh-token` cookie.
 */
export function sessionRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    const { refresh_token } = await readBody(c, body);
    await ctx.rateLimits.consume('refreshIp', clientIp(c, ctx.settings.trustProxy));
    const app = c.get('app');
    const fromBody = presentedRefreshToken(refresh_token);
    const refreshToken = fromBody ?? sessionCookie(ctx, c, cookieNames.refreshToken);
    try {
      return c.json(await refreshSession(ctx, app, { refreshToken }));
    } catch (error) {
      // A refresh cookie that renews nothing (unknown, or reused and its session revoked) is
      // deleted, so the browser stops presenting it.
      if (!fromBody && refreshToken && error instanceof ApiError && error.code === 'missing_or_invalid_token')
        for (const cookie of expiredSessionCookies(ctx, app))
          c.header('set-cookie', cookie, { append: true });
      throw error;
    }
  });
  routes.post('/logout', async (c) => {
    const { refresh_token } = await readBody(c, body);
    const app = c.get('app');
    await logout(ctx, app, {
      refreshToken: presentedRefreshToken(refresh_token) ?? sessionCookie(ctx, c, cookieNames.refreshToken),
      accessToken: bearerToken(c.req.header('authorization')) ?? sessionCookie(ctx, c, cookieNames.token),
    });
    if (app.settings.cookie_sessions)
      for (const cookie of expiredSessionCookies(ctx, app)) c.header('set-cookie', cookie, { append: true });
    return c.json({});
  });
  return routes;
}
