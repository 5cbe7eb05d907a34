import { Hono } from 'hono';
import { z } from 'zod';
import type { AppRecord } from '../apps/app-record.ts';
import { createApp, listApps, updateApp } from '../apps/app-service.ts';
import { appPatch } from '../apps/config-schema.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { readBody } from '../http/body.ts';
import { bearerToken } from '../http/middleware.ts';
import { rotateSigningKey } from '../tokens/signing-keys.ts';
import { verifyAdminKey } from './admin-key.ts';

const createBody = appPatch.extend({ name: z.string().min(1).max(100) });

/** An app as the admin sees it: public config and server settings, never the secret. */
function adminView(app: AppRecord) {
  // The sealed captcha secret is shown only as set / not set.
  const settings = { ...app.settings, captcha_secret_key: app.settings.captcha_secret_key ? 'set' : null };
  return {
    id: app.id,
    ...app.config,
    settings,
    created_at: app.createdAt,
    updated_at: app.updatedAt,
  };
}

/** `/admin/v1`: manage apps with the admin key (`Authorization: Bearer <admin key>`). */
export function adminRoutes(ctx: ServerContext, adminKeyHash: string) {
  const routes = new Hono();
  routes.use('*', async (c, next) => {
    const key = bearerToken(c.req.header('authorization'));
    if (!key || !verifyAdminKey(adminKeyHash, key))
      throw new ApiError('missing_or_invalid_token', 'Invalid admin key.');
    await next();
  });
  const load = async (id: string) => {
    const app = await ctx.apps.load(id, { fresh: true });
    if (!app) throw new ApiError('not_found', 'App not found.');
    return app;
  };

  routes.get('/apps', async (c) => c.json({ data: (await listApps(ctx)).map(adminView) }));
  routes.post('/apps', async (c) => {
    const { name, ...patch } = await readBody(c, createBody);
    const { app, secret } = await createApp(ctx, { name, patch });
    return c.json({ id: app.id, secret, app: adminView(app) });
  });
  routes.get('/apps/:id', async (c) => c.json(adminView(await load(c.req.param('id')))));
  routes.patch('/apps/:id', async (c) => {
    const patch = await readBody(c, z.record(z.string(), z.unknown()));
    await load(c.req.param('id'));
    return c.json(adminView(await updateApp(ctx, c.req.param('id'), patch)));
  });
  routes.post('/apps/:id/signing_keys/rotate', async (c) => {
    const app = await load(c.req.param('id'));
    return c.json({ kid: await rotateSigningKey(ctx, app.id) });
  });
  return routes;
}
