import { Hono } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { requireUser } from '../http/middleware.ts';
import { issueIdentityToken } from '../tokens/identity-token.ts';
import { loadUser, toWireUser } from './user-record.ts';

/** `/api/v1/users/me` and `/users/me/accept_terms`. */
export function userRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.use('/me', requireUser(ctx));
  routes.use('/me/*', requireUser(ctx));

  const current = async (appId: string, userId: string) => {
    const user = await loadUser(ctx.db, appId, userId);
    if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.');
    return user;
  };

  routes.get('/me', async (c) => {
    const app = c.get('app');
    const user = await current(app.id, c.get('auth').userId);
    return c.json({ user: toWireUser(user), identity_token: await issueIdentityToken(ctx, app.id, user) });
  });

  routes.post('/me/accept_terms', async (c) => {
    await readBody(c, z.object({}));
    const app = c.get('app');
    const { userId } = c.get('auth');
    await ctx.db
      .updateTable('users')
      .set({ has_accepted_terms: 1 })
      .where('id', '=', userId)
      .where('app_id', '=', app.id)
      .execute();
    return c.json(toWireUser(await current(app.id, userId)));
  });
  return routes;
}
