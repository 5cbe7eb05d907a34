/**
 * The guards `app.ts` puts in front of routes by their `auth` (feature.ts `RouteAuth`). They sit
 * above the services they consult (apps, tokens, sessions) and below the features, apart from the
 * low `http/` pieces (errors, credentials, origins) that features share with them.
 */
import { cookieNames, headers } from '@latchkey/protocol';
import type { Context, MiddlewareHandler } from 'hono';
import type { UserRecord } from '../accounts/user-record.ts';
import { verifyAppSecret } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { basicCredentials, bearerToken } from '../http/credentials.ts';
import type { AppEnv } from '../http/env.ts';
import { assertOrigin } from '../http/origin.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { sessionCookie } from '../sessions/cookie-credentials.ts';
import { activeSession } from '../sessions/session-service.ts';
import { verifyAccessToken } from '../tokens/access-token.ts';

/**
 * Resolves the app from `privy-app-id`, then admits the caller: the app secret (server callers),
 * or an allowed origin / native app id (browsers and apps).
 */
export function requireApp(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.header(headers.appId);
    if (id?.length !== 25) throw new ApiError('missing_or_invalid_privy_app_id');
    const app = await ctx.apps.load(id);
    if (!app) throw new ApiError('missing_or_invalid_privy_app_id');
    c.set('app', app);
    const basic = basicCredentials(c.req.header('authorization'));
    if (basic) {
      if (basic.id !== app.id || !verifyAppSecret(app, basic.secret)) {
        throw new ApiError('invalid_credentials', 'Invalid app id or secret.');
      }
      c.set('serverCaller', true);
    } else {
      c.set('serverCaller', false);
      assertOrigin(
        app,
        c.req.header('origin'),
        c.req.header(headers.nativeAppIdentifier),
        serverOrigin(ctx.settings),
      );
    }
    await next();
  };
}

/** The users `requireUser` loaded with the session check, by request (http/ sits below accounts/). */
const sessionUsers = new WeakMap<Request, UserRecord>();

/**
 * The user of a `user` route's session as `requireUser` loaded it, with the session check: a route
 * that only answers the user (`GET /users/me`) sends no statement of its own. One that changes the
 * user loads it again.
 */
export function sessionUser(c: Context<AppEnv>): UserRecord {
  const user = sessionUsers.get(c.req.raw);
  if (!user) throw new Error('sessionUser: the route is not behind requireUser');
  return user;
}

/**
 * Requires a valid access token of this app whose session is still live: the Bearer header, else
 * (cookie sessions) the `privy-token` cookie from an allowed Origin.
 */
export function requireUser(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization')) ?? sessionCookie(ctx, c, cookieNames.token);
    if (!token) throw new ApiError('missing_or_invalid_token');
    const app = c.get('app');
    const claims = await verifyAccessToken(ctx, app.id, token);
    const { user } = await activeSession(ctx, app, claims.sessionId, claims.userId);
    sessionUsers.set(c.req.raw, user);
    c.set('auth', {
      userId: claims.userId,
      sessionId: claims.sessionId,
      authTime: claims.authTime,
      tokenExpiresAt: claims.expiresAt,
    });
    await next();
  };
}

/** Requires the app secret (Basic auth) for server-only routes. */
export function requireServerCaller(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('serverCaller'))
      throw new ApiError('invalid_credentials', 'This route needs the app secret (Basic auth).', {
        status: 401,
      });
    await next();
  };
}

/**
 * The app a server route names in its path (`:app_id`) must be the caller's own; routes without
 * one (the users API) act on the caller's app.
 */
export function requirePathApp(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const named = c.req.param('app_id');
    if (named !== undefined && named !== c.get('app').id)
      throw new ApiError('missing_or_invalid_privy_app_id');
    await next();
  };
}

/**
 * `server-or-user` routes (feature.ts): the app secret admits the caller as the app's backend (as
 * `server` does), anything else must be a live session of the app's user (as `user` does). The
 * handler reads `serverCaller` to know which it serves.
 */
export function requireServerCallerOrUser(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  const server = requirePathApp();
  const user = requireUser(ctx);
  return (c, next) => (c.get('serverCaller') ? server(c, next) : user(c, next));
}
