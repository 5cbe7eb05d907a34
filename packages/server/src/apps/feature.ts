import { type AppResponse, allowlistEntryTypes, appApi, appServerApi, routes } from '@latchkey/protocol';
import { z } from 'zod';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from '../accounts/allowlist.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { normaliseEmail } from '../codes/email-address.ts';
import { normalisePhone } from '../codes/phone-number.ts';
import type { ServerContext } from '../context.ts';
import { devOutboxView } from '../delivery/dev-outbox.ts';
import { type Feature, route } from '../feature.ts';
import { always, invalidData, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { serverOrigin } from '../http/server-origin.ts';

/** An allowlist entry in a body (the app server API's and the admin API's). */
export const entryBody = z.object({
  type: z.enum(allowlistEntryTypes),
  value: z.string().min(1).max(320),
});

/** An allowlist value as stored: emails (or `@domain`) and wallets lower-cased, phones E.164. */
export function normaliseEntry(type: 'email' | 'phone' | 'wallet', value: string): string {
  if (type === 'email')
    return value.trim().startsWith('@') ? value.trim().toLowerCase() : normaliseEmail(value, 'value');
  if (type === 'phone') return normalisePhone(value).e164;
  return value.trim().toLowerCase();
}

/**
 * The public app config (WIRE.md §4.4). `custom_api_url` is null (clients talk to the server they
 * were given), except for an app with cookie sessions: there it is this server's public URL, which
 * tells the clients to send every call there and rely on its cookies (WIRE.md §1.1, §5.4).
 */
async function toAppResponse(ctx: ServerContext, app: AppRecord): Promise<AppResponse> {
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

/**
 * `/api/v1/apps/:app_id`: the public config and its JWKS, readable from any origin; and the
 * server-to-server routes (WIRE.md §7.2), authenticated with the app secret: allowlist, test
 * credentials, and the development outbox.
 */
export const appsFeature: Feature = {
  name: 'apps',
  routes: ({ ctx, devOutbox }) => {
    // Any id segment is matched here, so a malformed id is the same 404 as an unknown one (and
    // does not fall through to the client routes' `privy-app-id` check, which answered 400).
    const load = async (id: string) => {
      const app = /^[a-z0-9]{25}$/.test(id) ? await ctx.apps.load(id) : null;
      if (!app) throw new ApiError('missing_or_invalid_privy_app_id', 'App not found.', { status: 404 });
      return app;
    };
    return [
      route(appApi.app, {
        auth: 'public',
        handler: async (c) => c.json(await toAppResponse(ctx, await load(c.req.param('app_id') ?? ''))),
      }),
      route(appApi.appJwks, {
        auth: 'public',
        handler: async (c) => {
          const app = await load(c.req.param('app_id') ?? '');
          const keys = await ctx.signingKeys.publicKeys(app.id);
          c.header('cache-control', 'public, max-age=300');
          return c.json({ keys: keys.map((k) => k.jwk) });
        },
      }),
      route(appServerApi.appAllowlist, {
        auth: 'server',
        handler: async (c) => c.json(await listAllowlist(ctx, c.get('app').id)),
      }),
      route(appServerApi.appAllowlistAdd, {
        auth: 'server',
        body: entryBody,
        handler: async (c, { type, value }) =>
          c.json(await addAllowlistEntry(ctx, c.get('app').id, type, normaliseEntry(type, value))),
      }),
      route(appServerApi.appAllowlistRemove, {
        auth: 'server',
        body: entryBody,
        handler: async (c, { type, value }) => {
          await removeAllowlistEntry(ctx, c.get('app').id, type, normaliseEntry(type, value));
          return c.json({ message: 'Allowlist entry deleted.' });
        },
      }),
      route(appServerApi.appTestCredentials, {
        auth: 'server',
        handler: async (c) => {
          const s = c.get('app').settings;
          if (!s.test_credentials_enabled) return c.json({ data: [] });
          return c.json({
            data: [{ email: s.test_email, phone_number: s.test_phone_number, otp_code: s.test_otp_code }],
          });
        },
      }),
      route(appServerApi.appDevOutbox, {
        auth: 'server',
        handler: async (c) => {
          if (!devOutbox)
            throw new ApiError(
              'feature_not_enabled',
              'The development outbox is off: it exists in development mode only, for channels without a provider.',
            );
          return c.json({ data: await devOutboxView(devOutbox, c.get('app').id, c.req.query('to')) });
        },
      }),
    ];
  },
  fixtures: {
    [`GET ${routes.app}`]: { path: (env) => `/api/v1/apps/${env.appId}`, valid: ok },
    [`GET ${routes.appJwks}`]: { path: (env) => `/api/v1/apps/${env.appId}/jwks.json`, valid: ok },
    [`GET ${routes.appAllowlist}`]: {
      path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
      valid: ok,
      array: true,
    },
    [`POST ${routes.appAllowlist}`]: {
      path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
      body: (env) => ({ type: 'email', value: `allowed-${env.next()}@example.com` }),
      valid: ok,
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    },
    [`DELETE ${routes.appAllowlist}`]: {
      path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
      body: () => ({ type: 'email', value: 'absent@example.com' }),
      valid: { status: 404, code: 'not_found' },
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    },
    [`GET ${routes.appTestCredentials}`]: {
      path: (env) => `/api/v1/apps/${env.appId}/test_credentials`,
      valid: ok,
    },
    [`GET ${routes.appDevOutbox}`]: { path: (env) => `/api/v1/apps/${env.appId}/dev_outbox`, valid: ok },
  },
};
