import { adminApi } from '@latchkey/protocol';
import { z } from 'zod';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from '../accounts/allowlist.ts';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import { entryBody, normaliseEntry } from '../apps/feature.ts';
import { devOutboxView } from '../delivery/dev-outbox.ts';
import { type FeatureHost, type Route, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { pathUserId } from '../users-api/import-user.ts';
import { pageLimit, usersPage } from '../users-api/pages.ts';
import { removeUser } from '../users-api/remove-user.ts';
import { searchUsers } from '../users-api/search.ts';
import { checkAdminKey, checkLoginLink } from './admin-key.ts';
import { createAdminSession, deleteAdminSession } from './admin-sessions.ts';

/**
 * The admin key, or the development server's one-time login link (login-link.ts). Other keys are
 * dropped, as everywhere: a body with both is an admin key login.
 */
const sessionBody = z.union([
  z.object({ admin_key: boundedString(500) }),
  z.object({ login_link: boundedString(100) }),
]);

/**
 * The admin routes the dashboard needs beyond the apps: its login session, an app's users (found
 * and deleted with the users API's own services), its allowlist (the app server API's services and
 * normalisation) and the development outbox.
 */
export function dashboardRoutes({ ctx, devOutbox, adminKeyHash }: FeatureHost): Route[] {
  const appId = async (raw: string | undefined) => {
    const app = await ctx.apps.load(raw ?? '', { fresh: true });
    if (!app) throw new ApiError('not_found', 'App not found.');
    return app.id;
  };
  return [
    // Public: the admin key is in the body, and this is the one admin route that takes it there.
    route(adminApi.adminSessionCreate, {
      auth: 'public',
      body: sessionBody,
      handler: async (c, body) => {
        if (!adminKeyHash) throw new ApiError('feature_not_enabled', 'The admin API is off on this server.');
        if ('admin_key' in body) await checkAdminKey(ctx, c, adminKeyHash, body.admin_key);
        else await checkLoginLink(ctx, c, body.login_link);
        return c.json(await createAdminSession(ctx, c));
      },
    }),
    route(adminApi.adminSessionDelete, {
      auth: 'admin',
      handler: async (c) => {
        await deleteAdminSession(ctx, c);
        return c.json({ deleted: true });
      },
    }),
    route(adminApi.adminUsers, {
      auth: 'admin',
      handler: async (c) => {
        const id = await appId(c.req.param('id'));
        const search = c.req.query('search')?.trim();
        const cursor = c.req.query('cursor') || undefined;
        const limit = pageLimit(c.req.query('limit') ?? '50');
        if (search && search.length > 256) throw new ApiError('invalid_data', 'Invalid search: too long.');
        const page = search
          ? await searchUsers(ctx, id, { searchTerm: search, cursor, limit })
          : await usersPage(ctx, id, { cursor, limit });
        return c.json(page);
      },
    }),
    route(adminApi.adminUserGet, {
      auth: 'admin',
      handler: async (c) => {
        const id = await appId(c.req.param('id'));
        const userId = pathUserId(c.req.param('user_id'));
        const user = userId ? await loadUser(ctx.db, id, userId) : null;
        if (!user) throw new ApiError('user_does_not_exist', 'User not found.');
        return c.json(toWireUser(user));
      },
    }),
    route(adminApi.adminUserDelete, {
      auth: 'admin',
      handler: async (c) => {
        const id = await appId(c.req.param('id'));
        await removeUser(ctx, id, pathUserId(c.req.param('user_id')));
        return c.json({ deleted: true });
      },
    }),
    route(adminApi.adminAllowlistList, {
      auth: 'admin',
      handler: async (c) => c.json({ data: await listAllowlist(ctx, await appId(c.req.param('id'))) }),
    }),
    route(adminApi.adminAllowlistAdd, {
      auth: 'admin',
      body: entryBody,
      handler: async (c, { type, value }) => {
        const id = await appId(c.req.param('id'));
        return c.json(await addAllowlistEntry(ctx, id, type, normaliseEntry(type, value)));
      },
    }),
    route(adminApi.adminAllowlistRemove, {
      auth: 'admin',
      body: entryBody,
      handler: async (c, { type, value }) => {
        const id = await appId(c.req.param('id'));
        await removeAllowlistEntry(ctx, id, type, normaliseEntry(type, value));
        return c.json({ deleted: true });
      },
    }),
    route(adminApi.adminDevOutbox, {
      auth: 'admin',
      handler: async (c) => {
        const id = await appId(c.req.param('id'));
        if (!devOutbox)
          throw new ApiError(
            'feature_not_enabled',
            'The development outbox is off: it exists in development mode only, for channels without a provider.',
          );
        return c.json({ data: await devOutboxView(devOutbox, id, c.req.query('to')) });
      },
    }),
  ];
}
