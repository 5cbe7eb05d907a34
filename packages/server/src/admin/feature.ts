import { type AppPatchRequest, adminApi, routes } from '@latchkey/protocol';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import { fullAppPatch } from '../app-config/config-schema.ts';
import { createApp, listApps, secretSettingsView, settingsView, updateApp } from '../apps/app-service.ts';
import { rotateSigningKey } from '../crypto/signing-keys.ts';
import { type Feature, route } from '../feature.ts';
import { always, type HostileString, invalidData, invalidToken, label, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { checkedByHandler } from '../http/body.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { adminMigrations } from './migrations.ts';

/** Built when the routes are: the features' settings are known by then (app.ts). */
const createBody = () => fullAppPatch().extend({ name: z.string().min(1).max(100) });
/**
 * A patch is read as a record and checked by `updateApp` with `appPatch` and the features'
 * settings (the CLI's path too; its input is the contract's, body-match.test-d.ts holds it so).
 * Read as a record, a `__proto__` key is dropped, not refused (hostile-input.test.ts).
 */
const patchBody = checkedByHandler<AppPatchRequest>()(z.record(z.string(), z.unknown()));

/** An app as the admin sees it: public config and server settings, never the secret. */
function adminView(app: AppRecord) {
  return {
    id: app.id,
    ...app.config,
    // Sealed secrets (captcha, OAuth clients) are shown only as set / not set.
    settings: settingsView(app.settings),
    // The features' secret settings, described for the dashboard to offer set / replace / clear.
    secret_settings: secretSettingsView(app.settings),
    created_at: app.createdAt,
    updated_at: app.updatedAt,
  };
}

/** A name is free text: quotes and emoji are data, stored as is; NUL and 10k are refused. */
const name = (kind: HostileString) => (kind === 'sql' || kind === 'unicode' ? ok : invalidData);

const noSuchUser = { status: 404, code: 'user_does_not_exist' };
/** A user id never issued, in the target app. */
const absentUser = (appId: string) => `/admin/v1/apps/${appId}/users/did:privy:${'a'.repeat(25)}`;

/** `/admin/v1`: manage apps with the admin key (`Authorization: Bearer <admin key>`). */
export const adminFeature: Feature = {
  name: 'admin',
  migrations: adminMigrations,
  routes: (host) => {
    const { ctx } = host;
    const load = async (id: string) => {
      const app = await ctx.apps.load(id, { fresh: true });
      if (!app) throw new ApiError('not_found', 'App not found.');
      return app;
    };
    return [
      route(adminApi.adminAppsList, {
        auth: 'admin',
        // With the server's mode: the dashboard says what development allows (loopback webhooks, …).
        handler: async (c) =>
          c.json({ data: (await listApps(ctx)).map(adminView), development: ctx.settings.development }),
      }),
      route(adminApi.adminAppsCreate, {
        auth: 'admin',
        body: createBody(),
        handler: async (c, { name, ...patch }) => {
          const { app, secret } = await createApp(ctx, { name, patch });
          return c.json({ id: app.id, secret, app: adminView(app) });
        },
      }),
      route(adminApi.adminAppGet, {
        auth: 'admin',
        handler: async (c) => c.json(adminView(await load(c.req.param('id') ?? ''))),
      }),
      route(adminApi.adminAppUpdate, {
        auth: 'admin',
        body: patchBody,
        handler: async (c, patch) => {
          const id = c.req.param('id') ?? '';
          await load(id);
          return c.json(adminView(await updateApp(ctx, id, patch)));
        },
      }),
      route(adminApi.adminRotateSigningKey, {
        auth: 'admin',
        handler: async (c) => {
          const app = await load(c.req.param('id') ?? '');
          return c.json({ kid: await rotateSigningKey(ctx, app.id) });
        },
      }),
      ...dashboardRoutes(host),
    ];
  },
  fixtures: {
    [`GET ${routes.adminApps}`]: { valid: ok },
    [`GET ${routes.adminApp}`]: { path: (env) => `/admin/v1/apps/${env.adminTargetId}`, valid: ok },
    [`POST ${routes.adminApps}`]: {
      body: (env) => ({ name: `Hostile ${env.next()}` }),
      valid: ok,
      required: ['name'],
      strings: { name },
      extraKeys: () => invalidData,
    },
    [`PATCH ${routes.adminApp}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}`,
      body: (env) => ({ name: `Renamed ${env.next()}` }),
      valid: ok,
      strings: { name, legal_name: name },
      empty: ok,
      // The patch is a record first: a JSON `__proto__` key is dropped there (never applied), and
      // any other unknown key is refused by the strict app schema.
      extraKeys: (raw) => (raw.startsWith('{"__proto__"') ? ok : invalidData),
    },
    [`POST ${routes.adminRotateSigningKey}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/signing_keys/rotate`,
      body: () => ({}),
      // Takes no body: whatever is sent is ignored.
      valid: ok,
      bad: ok,
      empty: ok,
    },
    [`POST ${routes.adminSession}`]: {
      body: (env) => ({ admin_key: env.adminKey }),
      valid: ok,
      required: ['admin_key'],
      // Any other text is just a wrong key; NUL and 10k are refused before it is compared.
      strings: { admin_key: label(invalidToken) },
    },
    [`DELETE ${routes.adminSession}`]: { body: () => ({}), valid: ok, bad: ok, empty: ok },
    [`GET ${routes.adminUsers}`]: { path: (env) => `/admin/v1/apps/${env.adminTargetId}/users`, valid: ok },
    [`GET ${routes.adminUser}`]: { path: (env) => absentUser(env.adminTargetId), valid: noSuchUser },
    [`DELETE ${routes.adminUser}`]: {
      path: (env) => absentUser(env.adminTargetId),
      body: () => ({}),
      // Takes no body: whatever is sent is ignored.
      valid: noSuchUser,
      bad: noSuchUser,
      empty: noSuchUser,
    },
    [`GET ${routes.adminAllowlist}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/allowlist`,
      valid: ok,
    },
    [`POST ${routes.adminAllowlist}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/allowlist`,
      body: (env) => ({ type: 'email', value: `admin-allowed-${env.next()}@example.com` }),
      valid: ok,
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    },
    [`DELETE ${routes.adminAllowlist}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/allowlist`,
      body: () => ({ type: 'email', value: 'absent@example.com' }),
      valid: { status: 404, code: 'not_found' },
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    },
    [`GET ${routes.adminDevOutbox}`]: {
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/dev_outbox`,
      valid: ok,
    },
  },
};
