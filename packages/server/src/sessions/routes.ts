import { Hono } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { boundedString, readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { bearerToken } from '../http/middleware.ts';
import { logout, refreshSession } from './session-service.ts';

const body = z.object({ refresh_token: boundedString(512).nullish() });

/** `POST /api/v1/sessions` (refresh) and `POST /api/v1/sessions/logout`. */
export function sessionRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    const { refresh_token } = await readBody(c, body);
    await ctx.rateLimits.consume('refreshIp', clientIp(c, ctx.settings.trustProxy));
    return c.json(await refreshSession(ctx, c.get('app'), { refreshToken: refresh_token ?? undefined }));
  });
  routes.post('/logout', async (c) => {
    const { refresh_token } = await readBody(c, body);
    await logout(ctx, c.get('app'), {
      refreshToken: refresh_token ?? undefined,
      accessToken: bearerToken(c.req.header('authorization')),
    });
    return c.json({});
  });
  return routes;
}
