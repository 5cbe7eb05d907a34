import { type CustomMetadata, type UsersSearchRequest, usersApi } from '@latchkey/protocol';
import { z } from 'zod';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { boundRoute, type Feature, route } from '../feature.ts';
import {
  always,
  type HostileString,
  invalidData,
  label,
  type Outcome,
  ok,
  type RouteFixture,
} from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { checkedByHandler } from '../http/body.ts';
import { parseCustomMetadata, setCustomMetadata } from './custom-metadata.ts';
import { importBatchBody, importBody, importUser, importUsers, pathUserId } from './import-user.ts';
import { lookups } from './lookups.ts';
import { usersApiMigrations } from './migrations.ts';
import { pageLimit, usersPage } from './pages.ts';
import { removeUser } from './remove-user.ts';
import { searchBody, searchUsers } from './search.ts';

const noSuchUser = () => new ApiError('user_does_not_exist', 'User not found.');

async function requireUser(ctx: ServerContext, appId: string, rawId: string | undefined) {
  const id = pathUserId(rawId);
  const user = id ? await loadUser(ctx.db, appId, id) : null;
  if (!user) throw noSuchUser();
  return user;
}

const userDoesNotExist: Outcome = { status: 404, code: 'user_does_not_exist' };
const absentUserPath = `/api/v1/users/did:privy:${'a'.repeat(25)}`;

/**
 * A lookup's fixture: its example names nobody (404). Free text (usernames, subjects, custom ids)
 * is looked up as given, so SQL and RTL/emoji text is just another absent name; addresses, phone
 * numbers and ids that do not parse are `invalid_data`.
 */
function lookupFixture(example: Record<string, unknown>): RouteFixture {
  const freeText = (field: string) => ['username', 'subject', 'custom_user_id'].includes(field);
  const strings: Record<string, (kind: HostileString) => Outcome> = {};
  for (const [field, value] of Object.entries(example))
    if (typeof value === 'string')
      strings[field] = freeText(field) ? label(userDoesNotExist) : always(invalidData);
  return { body: () => ({ ...example }), valid: userDoesNotExist, required: Object.keys(example), strings };
}

/**
 * The users API (WIRE.md §7.2): an app's backend reads, finds, imports, changes and deletes its
 * users with the app secret (`auth: 'server'`), under `/api/v1` and `/v1` (app.ts). Every route acts
 * on the calling app's users only; another app's user is as absent as one that never existed.
 */
export const usersApiFeature: Feature = {
  name: 'users-api',
  migrations: usersApiMigrations,
  routes: ({ ctx }) => [
    route(usersApi.usersList, {
      auth: 'server',
      handler: async (c) => {
        const limit = pageLimit(c.req.query('limit'));
        const cursor = c.req.query('cursor');
        return c.json(await usersPage(ctx, c.get('app').id, { cursor: cursor || undefined, limit }));
      },
    }),
    route(usersApi.usersSearch, {
      auth: 'server',
      body: checkedByHandler<UsersSearchRequest>()(searchBody),
      handler: async (c, body) => c.json(await searchUsers(ctx, c.get('app').id, body)),
    }),
    route(usersApi.usersImport, {
      auth: 'server',
      body: importBody,
      handler: async (c, body) => c.json(await importUser(ctx, c.get('app'), body)),
    }),
    route(usersApi.usersImportBatch, {
      auth: 'server',
      body: importBatchBody,
      handler: async (c, body) => c.json(await importUsers(ctx, c.get('app'), body.users)),
    }),
    ...lookups.map((lookup) =>
      boundRoute(lookup.bound, {
        auth: 'server',
        handler: async (c, body) => {
          const appId = c.get('app').id;
          const owner = await lookup.owner(ctx, appId, body);
          const user = owner ? await loadUser(ctx.db, appId, owner) : null;
          if (!user) throw noSuchUser();
          return c.json(toWireUser(user));
        },
      }),
    ),
    route(usersApi.userGet, {
      auth: 'server',
      handler: async (c) =>
        c.json(toWireUser(await requireUser(ctx, c.get('app').id, c.req.param('user_id')))),
    }),
    route(usersApi.userDelete, {
      auth: 'server',
      // No fields; read anyway, so a body sent with it meets the same checks as any other.
      body: z.object({}),
      handler: async (c) => {
        await removeUser(ctx, c.get('app').id, pathUserId(c.req.param('user_id')));
        return c.json({ message: 'User deleted.' });
      },
    }),
    route(usersApi.userCustomMetadata, {
      auth: 'server',
      // parseCustomMetadata checks it, naming the offending key.
      body: z.object({ custom_metadata: checkedByHandler<CustomMetadata>()(z.unknown()) }),
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const metadata = parseCustomMetadata(body.custom_metadata);
        const user = await requireUser(ctx, appId, c.req.param('user_id'));
        await setCustomMetadata(ctx.db, appId, user.id, metadata);
        return c.json(toWireUser((await loadUser(ctx.db, appId, user.id))!));
      },
    }),
  ],
  fixtures: {
    [`GET ${usersApi.usersList.path}`]: { valid: ok },
    [`POST ${usersApi.usersSearch.path}`]: {
      body: () => ({ searchTerm: 'nobody' }),
      valid: ok,
      strings: { searchTerm: label(ok), cursor: always(invalidData) },
    },
    [`POST ${usersApi.usersImport.path}`]: {
      body: (env) => ({
        linked_accounts: [{ type: 'email', address: `imported-${env.next()}@example.com` }],
      }),
      valid: ok,
      required: ['linked_accounts'],
    },
    [`POST ${usersApi.usersImportBatch.path}`]: {
      body: (env) => ({
        users: [{ linked_accounts: [{ type: 'email', address: `batch-${env.next()}@example.com` }] }],
      }),
      valid: ok,
      required: ['users'],
    },
    ...Object.fromEntries(
      lookups.map((lookup) => [`POST ${lookup.bound.contract.path}`, lookupFixture(lookup.example)]),
    ),
    [`GET ${usersApi.userGet.path}`]: { path: () => absentUserPath, valid: userDoesNotExist },
    [`DELETE ${usersApi.userDelete.path}`]: {
      path: () => absentUserPath,
      body: () => ({}),
      valid: userDoesNotExist,
      empty: userDoesNotExist,
    },
    [`POST ${usersApi.userCustomMetadata.path}`]: {
      path: () => `${absentUserPath}/custom_metadata`,
      body: () => ({ custom_metadata: { plan: 'pro' } }),
      valid: userDoesNotExist,
      required: ['custom_metadata'],
    },
  },
};
