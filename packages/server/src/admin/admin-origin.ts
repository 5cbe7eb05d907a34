import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { serverOrigin } from '../http/server-origin.ts';

/**
 * The admin API answers the dashboard, which this server serves from its own origin, and callers
 * that name no origin (the CLI, curl, a backend with the admin key). A browser names the Origin of
 * every cross-origin request, reads included, and attaches the dashboard's cookie to it when the
 * site is the same: such a request from any other page (an app's, whatever its allowed domains) is
 * refused here, before its key or cookie is looked at. CORS grants no other origin these paths
 * either (app.ts), so the refusal cannot be read.
 */
export function requireAdminOrigin(ctx: ServerContext): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== serverOrigin(ctx.settings))
      throw new ApiError(
        'invalid_origin',
        `The admin API answers only this server's own origin (the dashboard), not ${origin.slice(0, 100)}.`,
      );
    await next();
  };
}
