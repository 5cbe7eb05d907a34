import { cookieNames, routes, sessionApi } from '@latchkey/protocol';
import { z } from 'zod';
import { type Feature, route } from '../feature.ts';
import { type HostileString, invalidData, invalidToken, type Outcome, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { bearerToken } from '../http/credentials.ts';
import { sessionCookie } from './cookie-credentials.ts';
import { expiredSessionCookies } from './session-cookies.ts';
import { logout, presentedRefreshToken, refreshSession } from './session-service.ts';

const body = z.object({ refresh_token: boundedString(512).nullish() });

/** A refresh token is bounded text without NUL: anything that fits is looked up. */
const refreshToken = (fits: Outcome) => (kind: HostileString) =>
  kind === 'long' || kind === 'nul' || kind === 'nulInside' ? invalidData : fits;

/**
 * `POST /api/v1/sessions` (refresh) and `POST /api/v1/sessions/logout`. The refresh token comes
 * from the body, else (cookie sessions) from the `privy-refresh-token` cookie.
 */
export const sessionsFeature: Feature = {
  name: 'sessions',
  routes: ({ ctx }) => [
    route(sessionApi.sessions, {
      auth: 'app',
      body,
      handler: async (c, { refresh_token }) => {
        await ctx.rateLimits.consume('refreshIp', clientIp(c, ctx.settings.trustProxy));
        const app = c.get('app');
        const fromBody = presentedRefreshToken(refresh_token);
        const refreshToken = fromBody ?? sessionCookie(ctx, c, cookieNames.refreshToken);
        try {
          return c.json(await refreshSession(ctx, app, { refreshToken }));
        } catch (error) {
          // A refresh cookie that renews nothing (unknown, or reused and its session revoked) is
          // deleted, so the browser stops presenting it.
          if (
            !fromBody &&
            refreshToken &&
            error instanceof ApiError &&
            error.code === 'missing_or_invalid_token'
          )
            for (const cookie of expiredSessionCookies(ctx, app))
              c.header('set-cookie', cookie, { append: true });
          throw error;
        }
      },
    }),
    route(sessionApi.logout, {
      auth: 'app',
      body,
      handler: async (c, { refresh_token }) => {
        const app = c.get('app');
        await logout(ctx, app, {
          refreshToken:
            presentedRefreshToken(refresh_token) ?? sessionCookie(ctx, c, cookieNames.refreshToken),
          accessToken: bearerToken(c.req.header('authorization')) ?? sessionCookie(ctx, c, cookieNames.token),
        });
        if (app.settings.cookie_sessions)
          for (const cookie of expiredSessionCookies(ctx, app))
            c.header('set-cookie', cookie, { append: true });
        return c.json({});
      },
    }),
  ],
  fixtures: {
    [`POST ${routes.sessions}`]: {
      body: () => ({ refresh_token: 'r'.repeat(43) }),
      valid: invalidToken,
      strings: { refresh_token: refreshToken(invalidToken) },
      empty: invalidToken,
    },
    [`POST ${routes.logout}`]: {
      body: () => ({ refresh_token: 'r'.repeat(43) }),
      valid: ok,
      strings: { refresh_token: refreshToken(ok) },
      empty: ok,
    },
  },
};
