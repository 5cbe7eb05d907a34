import { Hono } from 'hono';
import { z } from 'zod';
import { linkIdentity } from '../accounts/link.ts';
import { loginWithIdentity } from '../accounts/login.ts';
import type { AppRecord } from '../apps/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, loginMode, readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { requireUser } from '../http/middleware.ts';
import { startSession } from '../sessions/session-service.ts';
import { toWireUser } from '../users/user-record.ts';
import { verifyCustomJwt } from './verify-custom-jwt.ts';

const jwt = boundedString(16_384);
const authenticateBody = z.object({ token: jwt.optional(), mode: loginMode });
const linkBody = z.object({ token: jwt.optional() });

function requireToken(app: AppRecord, token: string | undefined): string {
  if (!app.config.custom_jwt_auth)
    throw new ApiError('disallowed_login_method', 'Custom JWT login is not enabled for this app.');
  if (!token) throw new ApiError('invalid_data', 'Invalid token: Required');
  return token;
}

/** `/api/v1/custom_jwt_account/*`: log in or link with a JWT from the app's own auth system. */
export function customJwtRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.post('/authenticate', async (c) => {
    const body = await readBody(c, authenticateBody);
    const app = c.get('app');
    const token = requireToken(app, body.token);
    await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
    const customUserId = await verifyCustomJwt(ctx, app, token);
    const { user, isNewUser } = await loginWithIdentity(
      ctx,
      app,
      { type: 'custom_auth', identifier: customUserId },
      { mode: body.mode },
    );
    return c.json(await startSession(ctx, app, user, isNewUser));
  });
  routes.post('/link', requireUser(ctx), async (c) => {
    const body = await readBody(c, linkBody);
    const app = c.get('app');
    const token = requireToken(app, body.token);
    await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
    const customUserId = await verifyCustomJwt(ctx, app, token);
    const user = await linkIdentity(ctx, app, c.get('auth').userId, {
      type: 'custom_auth',
      identifier: customUserId,
    });
    return c.json(toWireUser(user));
  });
  return routes;
}
