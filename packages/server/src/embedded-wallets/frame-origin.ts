import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { serverOrigin } from '../http/server-origin.ts';

/**
 * Admits only requests from the wallet frame: their Origin is this server's own, the origin the
 * frame page is served from (DESIGN.md, embedded wallets). Browsers set Origin on every POST and a
 * page cannot forge it, so a host page holding the user's access token still cannot read a share
 * or a recovery key. A missing Origin (not a browser) is refused the same way.
 */
export function requireFrameOrigin(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('origin') !== serverOrigin(ctx.settings)) throw new ApiError('invalid_origin');
    await next();
  };
}
