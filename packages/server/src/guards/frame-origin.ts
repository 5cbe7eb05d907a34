import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { bearerToken } from '../http/credentials.ts';
import type { AppEnv } from '../http/env.ts';
import { serverOrigin } from '../http/server-origin.ts';

/**
 * A request that authenticates with the session cookie rather than a Bearer token must come from the
 * wallet frame's own origin. Only a browser holds an HttpOnly cookie, and a browser sets Origin
 * truthfully, so here (and only here) Origin means something: script on the app's page, which the
 * same browser sends along with the cookie, cannot call the frame API. A Bearer token can be replayed
 * from anywhere with any headers, so for it Origin proves nothing and the device proof decides.
 */
export function requireFrameOriginForCookies(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!bearerToken(c.req.header('authorization')) && c.req.header('origin') !== serverOrigin(ctx.settings))
      throw new ApiError('invalid_origin');
    await next();
  };
}
