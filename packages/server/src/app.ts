import { retryAfterHeader } from '@latchkey/protocol';
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { useAccountTypes } from './accounts/account-record.ts';
import { useUserDeletionSteps } from './accounts/delete-user.ts';
import { requireAdminKey } from './admin/admin-key.ts';
import { requireAdminOrigin } from './admin/admin-origin.ts';
import { useAppSettings } from './app-config/feature-settings.ts';
import type { ServerContext } from './context.ts';
import type { DevOutboxStore } from './delivery/dev-outbox.ts';
import type { AdminKeyHash, Feature, Route, RouteAuth } from './feature.ts';
import { featureAccountTypes, featureAppSettings, features, featureUserDeletionSteps } from './features.ts';
import {
  requireApp,
  requirePathApp,
  requireServerCaller,
  requireServerCallerOrUser,
  requireUser,
} from './guards/auth.ts';
import { cors } from './guards/cors.ts';
import { requireFrameOriginForCookies } from './guards/frame-origin.ts';
import { ApiError } from './http/api-error.ts';
import { readBody } from './http/body.ts';
import { bodyLimit } from './http/body-limit.ts';
import type { AppEnv } from './http/env.ts';
import { requestLog, routePattern } from './observability/request-log.ts';
import { cookieSessionResponses } from './sessions/cookie-session-responses.ts';

/** The second spelling of the server REST API: `@privy-io/node` calls `{apiUrl}/v1/...`. */
export const serverApiAliasPrefix = '/v1/';

/**
 * The paths a route answers under. The server-to-server API (WIRE.md §7) has two spellings:
 * `@privy-io/server-auth` calls `/api/v1/...` and `@privy-io/node` calls `/v1/...` (its JWKS at
 * `/v1/apps/:app_id/jwks.json`). So every `server` route, and the public app config and JWKS,
 * answer under both; the browser routes only under `/api/v1`.
 */
export function spellings(route: Pick<Route, 'path' | 'auth'>): string[] {
  const serverApi =
    route.auth === 'server' ||
    route.auth === 'server-or-user' ||
    (route.auth === 'public' && route.path.startsWith('/api/v1/apps/'));
  if (!serverApi || !route.path.startsWith('/api/v1/')) return [route.path];
  return [route.path, `${serverApiAliasPrefix}${route.path.slice('/api/v1/'.length)}`];
}

/**
 * Builds the HTTP application from the features' routes: each behind the guard its `auth` names,
 * its body read and checked before its handler, with CORS, the body limit and the JSON error
 * contract around them all. The admin API is served only with an admin key.
 */
export function buildHttpApp(
  ctx: ServerContext,
  options: { adminKeyHash: AdminKeyHash | null; devOutbox: DevOutboxStore | null },
  from: Feature[] = features,
) {
  // Before any route is declared or serves: the account types and the app settings the features own.
  useAccountTypes(featureAccountTypes(from));
  useAppSettings(featureAppSettings(from));
  useUserDeletionSteps(featureUserDeletionSteps(from));
  const root = new Hono<AppEnv>();
  // First, so the access line and the metrics see every answer (CORS refusals, errors) and its time.
  root.use('*', requestLog(ctx));
  root.use(
    '*',
    cors(ctx, {
      // The app config and JWKS; and the Farcaster relay, which pages of any origin call (as the
      // reference relay's), with a channel token rather than cookies.
      publicPaths:
        /^(?:(?:\/api)?\/v1\/apps\/[a-z0-9]{25}(\/jwks\.json)?|\/farcaster-relay\/v1\/channel(?:\/[a-z]+)?)$/,
      ownOriginPaths: /^\/admin\/v1(?:\/|$)/,
    }),
  );
  root.use('*', bodyLimit(ctx.settings.bodyLimitBytes));

  const guards: Record<RouteAuth, MiddlewareHandler<AppEnv>[]> = {
    public: [],
    app: [],
    user: [requireUser(ctx)],
    frame: [requireFrameOriginForCookies(ctx), requireUser(ctx)],
    server: [requireServerCaller(), requirePathApp()],
    'server-or-user': [requireServerCallerOrUser(ctx)],
    admin: [],
  };
  const register = (route: Route) =>
    root.on(route.method, spellings(route), ...guards[route.auth], ...(route.middleware ?? []), async (c) =>
      route.handler(c, route.body ? await readBody(c, route.body) : undefined),
    );
  const declared: Route[] = from.flatMap((feature) =>
    feature.routes({
      ctx,
      devOutbox: options.devOutbox,
      adminKeyHash: options.adminKeyHash,
      declaredRoutes: () => declared,
    }),
  );
  // Before every admin route, the dashboard's login among them: no other origin's page is answered.
  root.use('/admin/v1/*', requireAdminOrigin(ctx));
  // Registered before the client routes' app check, public routes answer without it.
  for (const route of declared) if (route.auth === 'public') register(route);
  if (options.adminKeyHash) {
    root.use('/admin/v1/*', requireAdminKey(ctx, options.adminKeyHash));
    for (const route of declared) if (route.auth === 'admin') register(route);
  }
  root.use('/api/v1/*', requireApp(ctx), cookieSessionResponses(ctx));
  // The Farcaster Mini App login's two routes are the only ones under `/api/v2` (WIRE.md §1).
  root.use('/api/v2/*', requireApp(ctx), cookieSessionResponses(ctx));
  root.use(`${serverApiAliasPrefix}*`, requireApp(ctx));
  for (const route of declared) if (route.auth !== 'public' && route.auth !== 'admin') register(route);

  root.notFound((c) =>
    c.json(new ApiError('not_found', `No route for ${c.req.method} ${c.req.path}.`).toBody(), 404),
  );
  root.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) c.header(retryAfterHeader, String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const code = error.status === 413 ? 'payload_too_large' : 'invalid_request';
      return c.json(new ApiError(code, error.message || undefined).toBody(), error.status);
    }
    // The route pattern, not the path (ids); the request id ties the line to the access line.
    ctx.log.error('unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      route: routePattern(c),
      error: String(error),
      stack: (error as Error).stack,
    });
    return c.json(new ApiError('internal_error').toBody(), 500);
  });
  return root;
}
