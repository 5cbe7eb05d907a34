import { allowedRequestHeaders, dpopHeaders, headers, retryAfterHeader } from '@latchkey/protocol';
import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { isAllowedOrigin } from '../http/origin.ts';
import { serverOrigin } from '../http/server-origin.ts';

const allowHeaders = allowedRequestHeaders.join(', ');
/** Response headers pages of other origins may read: the next DPoP nonce, a 429's Retry-After. */
const exposeHeaders = [dpopHeaders.nonce, retryAfterHeader].join(', ');
const allowMethods = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';

/**
 * CORS with credentials (WIRE.md §1.2). A preflight cannot name its app (browsers do not send header
 * values), so it is answered for any origin; the real request echoes the Origin only when the app
 * allows it or it is this server's own (the wallet frame), and `requireApp` refuses the others with
 * `invalid_origin`. Routes that publish public
 * data (app config, JWKS) echo every origin. `ownOriginPaths` (the admin API) are granted to this
 * server's own origin only, preflights included: an app's allowed domains never reach them.
 */
export function cors(
  ctx: ServerContext,
  options: { publicPaths: RegExp; ownOriginPaths: RegExp },
): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ownOriginOnly = options.ownOriginPaths.test(c.req.path);
    if (c.req.method === 'OPTIONS') {
      if (!origin || (ownOriginOnly && origin !== serverOrigin(ctx.settings))) return c.body(null, 204);
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': allowMethods,
        'access-control-allow-headers': c.req.header('access-control-request-headers') ?? allowHeaders,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    await next();
    if (!origin) return;
    let allowed = options.publicPaths.test(c.req.path) || origin === serverOrigin(ctx.settings);
    if (!allowed && !ownOriginOnly) {
      const appId = c.req.header(headers.appId);
      const app = appId && appId.length === 25 ? await ctx.apps.load(appId) : null;
      allowed = app !== null && isAllowedOrigin(app, origin);
    }
    c.res.headers.append('vary', 'Origin');
    if (allowed) {
      c.res.headers.set('access-control-allow-origin', origin);
      c.res.headers.set('access-control-allow-credentials', 'true');
      // The frame reads the next DPoP nonce, and the modal a 429's Retry-After, from another origin.
      c.res.headers.set('access-control-expose-headers', exposeHeaders);
    }
  };
}
