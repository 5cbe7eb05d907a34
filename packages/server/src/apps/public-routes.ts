import type { AppResponse } from '@latchkey/protocol';
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { serverOrigin } from '../http/server-origin.ts';
import type { AppRecord } from './app-record.ts';

/**
 * The public app config (WIRE.md §4.4). `custom_api_url` is null (clients talk to the server they
 * were given), except for an app with cookie sessions: there it is this server's public URL, which
 * tells the clients to send every call there and rely on its cookies (WIRE.md §1.1, §5.4).
 */
export async function toAppResponse(ctx: ServerContext, app: AppRecord): Promise<AppResponse> {
  const key = await ctx.signingKeys.active(app.id);
  return {
    id: app.id,
    ...app.config,
    custom_api_url: app.settings.cookie_sessions ? serverOrigin(ctx.settings) : null,
    verification_key: key.pem,
    data_classification: 'public',
    created_at: app.createdAt,
    updated_at: app.updatedAt,
  };
}

/** `GET /api/v1/apps/:app_id` and its JWKS: public, readable from any origin. */
export function publicAppRoutes(ctx: ServerContext) {
  const routes = new Hono();
  // Any id segment is matched here, so a malformed id is the same 404 as an unknown one (and
  // does not fall through to the client routes' `privy-app-id` check, which answered 400).
  const load = async (id: string) => {
    const app = /^[a-z0-9]{25}$/.test(id) ? await ctx.apps.load(id) : null;
    if (!app) throw new ApiError('missing_or_invalid_privy_app_id', 'App not found.', { status: 404 });
    return app;
  };
  routes.get('/:app_id', async (c) => c.json(await toAppResponse(ctx, await load(c.req.param('app_id')))));
  routes.get('/:app_id/jwks.json', async (c) => {
    const app = await load(c.req.param('app_id'));
    const keys = await ctx.signingKeys.publicKeys(app.id);
    c.header('cache-control', 'public, max-age=300');
    return c.json({ keys: keys.map((k) => k.jwk) });
  });
  return routes;
}
