import { adminWebhooksApi, routes, webhookEventTypes } from '@latchkey/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { type Feature, route } from '../feature.ts';
import { always, invalidData, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { listDeliveries, resendDelivery } from './deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  listEndpoints,
  loadEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoints.ts';
import { webhookMigrations } from './migrations.ts';
import { webhookSweeps } from './retention.ts';

const notFound = { status: 404, code: 'not_found' };
/** The suite's routes on one endpoint act on an id never issued (webhooks.test.ts covers real ones). */
const unknownWebhook = (appId: string) => `/admin/v1/apps/${appId}/webhooks/${'w'.repeat(25)}`;

const eventTypes = z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length).nullable();
/** Shape only (an http(s) URL); the full check, which depends on the settings, is webhook-url.ts's. */
const url = z
  .string()
  .min(1)
  .max(2000)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'must be an http(s) URL',
  );
const createBody = z.object({
  url,
  /** Omitted or null: every event type. */
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
});
const patchBody = createBody.partial();

async function appOf(ctx: ServerContext, c: Context<AppEnv>): Promise<string> {
  const app = await ctx.apps.load(c.req.param('id') ?? '', { fresh: true });
  if (!app) throw new ApiError('not_found', 'App not found.');
  return app.id;
}

/**
 * `/admin/v1/apps/:id/webhooks`: an app's webhook endpoints (URL, event types, enabled) with their
 * `whsec_` secret, shown once on create and on rotation; each endpoint's delivery log, and resend.
 * Delivery itself is the worker's (worker.ts).
 */
export const webhooksFeature: Feature = {
  name: 'webhooks',
  sweeps: webhookSweeps,
  migrations: webhookMigrations,
  routes: ({ ctx }) => {
    const endpoint = async (c: Context<AppEnv>) =>
      loadEndpoint(ctx, await appOf(ctx, c), c.req.param('webhook_id') ?? '');
    return [
      route(adminWebhooksApi.adminWebhooksList, {
        auth: 'admin',
        handler: async (c) => c.json({ data: await listEndpoints(ctx, await appOf(ctx, c)) }),
      }),
      route(adminWebhooksApi.adminWebhooksCreate, {
        auth: 'admin',
        body: createBody,
        handler: async (c, body) => c.json(await createEndpoint(ctx, await appOf(ctx, c), body)),
      }),
      route(adminWebhooksApi.adminWebhookGet, {
        auth: 'admin',
        handler: async (c) => c.json(endpointView(await endpoint(c))),
      }),
      route(adminWebhooksApi.adminWebhookUpdate, {
        auth: 'admin',
        body: patchBody,
        handler: async (c, patch) => {
          const row = await endpoint(c);
          return c.json(await updateEndpoint(ctx, row.app_id, row.id, patch));
        },
      }),
      route(adminWebhooksApi.adminWebhookDelete, {
        auth: 'admin',
        handler: async (c) => {
          const row = await endpoint(c);
          await deleteEndpoint(ctx, row.app_id, row.id);
          return c.json({ id: row.id, deleted: true });
        },
      }),
      // Rotation and resend act on the path alone: a body, if any, is ignored.
      route(adminWebhooksApi.adminWebhookRotateSecret, {
        auth: 'admin',
        handler: async (c) => {
          const row = await endpoint(c);
          return c.json(await rotateEndpointSecret(ctx, row.app_id, row.id));
        },
      }),
      route(adminWebhooksApi.adminWebhookDeliveries, {
        auth: 'admin',
        handler: async (c) => {
          const row = await endpoint(c);
          const query = { limit: c.req.query('limit'), status: c.req.query('status') };
          return c.json({ data: await listDeliveries(ctx, row.id, query) });
        },
      }),
      route(adminWebhooksApi.adminWebhookResend, {
        auth: 'admin',
        handler: async (c) => {
          const row = await endpoint(c);
          const deliveryId = c.req.param('delivery_id') ?? '';
          await resendDelivery(ctx, row.id, deliveryId);
          return c.json({ id: deliveryId, status: 'pending' });
        },
      }),
    ];
  },
  fixtures: {
    [`GET ${routes.adminWebhooks}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/webhooks`,
      valid: ok,
    },
    [`POST ${routes.adminWebhooks}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/webhooks`,
      body: (env) => ({ url: `https://hooks.example.com/${env.next()}`, event_types: ['user.created'] }),
      valid: ok,
      required: ['url'],
      // No hostile string is a URL; NUL never reaches storage.
      strings: { url: always(invalidData) },
    },
    [`GET ${routes.adminWebhook}`]: { path: (env) => unknownWebhook(env.adminTargetId), valid: notFound },
    [`PATCH ${routes.adminWebhook}`]: {
      path: (env) => unknownWebhook(env.adminTargetId),
      body: () => ({ enabled: false }),
      valid: notFound,
      strings: { url: always(invalidData) },
      // An empty patch changes nothing (of an endpoint that does not exist here).
      empty: notFound,
    },
    [`DELETE ${routes.adminWebhook}`]: {
      path: (env) => unknownWebhook(env.adminTargetId),
      body: () => ({}),
      // Takes no body: whatever is sent is ignored.
      valid: notFound,
      bad: notFound,
      empty: notFound,
    },
    [`POST ${routes.adminWebhookRotateSecret}`]: {
      path: (env) => `${unknownWebhook(env.adminTargetId)}/rotate_secret`,
      body: () => ({}),
      valid: notFound,
      bad: notFound,
      empty: notFound,
    },
    [`GET ${routes.adminWebhookDeliveries}`]: {
      path: (env) => `${unknownWebhook(env.adminTargetId)}/deliveries`,
      valid: notFound,
    },
    [`POST ${routes.adminWebhookResend}`]: {
      path: (env) => `${unknownWebhook(env.adminTargetId)}/deliveries/${'d'.repeat(25)}/resend`,
      body: () => ({}),
      valid: notFound,
      bad: notFound,
      empty: notFound,
    },
  },
};
