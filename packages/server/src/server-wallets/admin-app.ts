import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';

/**
 * The app a dashboard route names (`/admin/v1/apps/:id/...`), read fresh (not from the cache: the
 * dashboard shows an app just made or deleted); `not_found` when there is none.
 */
export async function adminAppId(ctx: ServerContext, c: Context<AppEnv>): Promise<string> {
  const app = await ctx.apps.load(c.req.param('id') ?? '', { fresh: true });
  if (!app) throw new ApiError('not_found', 'App not found.');
  return app.id;
}
