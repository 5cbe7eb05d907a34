import {
  type AdminConditionSet,
  adminServerWalletsApi as adminApi,
  type ConditionSet,
} from '@latchkey/protocol';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { label, ok, type RouteFixture } from '../hostile-fixtures.ts';
import type { AppEnv } from '../http/env.ts';
import type { Database } from '../storage/schema.ts';
import { adminAppId } from './admin-app.ts';
import { dashboardPage } from './newest-first.ts';
import { conditionSetName, itemsBody } from './policies/condition-set-routes.ts';
import {
  addConditionSetItems,
  createConditionSet,
  deleteConditionSet,
  deleteConditionSetItem,
  listConditionSetItems,
  requireConditionSet,
  requireConditionSetItem,
  toWireConditionSet,
  updateConditionSet,
} from './policies/condition-sets.ts';
import { ownedResource } from './policies/owners.ts';
import { cursorOf, queryLimit } from './policies/query.ts';

/*
 * The dashboard's condition sets (`/admin/v1/apps/:id/condition_sets`): listed with their item
 * counts, opened with a page of items, and written with the REST API's own schemas and store
 * functions, never with an owner. A set with an owner changes only with its owner's signature,
 * which the dashboard does not hold: it is read-only here (`unownedOnly` makes the store refuse a
 * set owned since it was read, too).
 */

const setBody = z.object({ name: conditionSetName });
const addItemsBody = z.object({ items: itemsBody });
const noOwner = { owner_id: null, owner: null };
const unownedOnly = { unownedOnly: true };

/** The app's sets, each with the number of its items (`item_count`). */
const setsWithCounts = (db: Kysely<Database>, appId: string) =>
  db
    .selectFrom('policy_condition_sets')
    .selectAll('policy_condition_sets')
    .select((eb) =>
      eb
        .selectFrom('policy_condition_set_items')
        .select((items) => items.fn.countAll<string | number>().as('count'))
        .whereRef('policy_condition_set_items.condition_set_id', '=', 'policy_condition_sets.id')
        .as('item_count'),
    )
    .where('policy_condition_sets.app_id', '=', appId);

async function withCount(ctx: ServerContext, set: ConditionSet): Promise<AdminConditionSet> {
  const { count } = await ctx.db
    .selectFrom('policy_condition_set_items')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('condition_set_id', '=', set.id)
    .executeTakeFirstOrThrow();
  return { ...set, item_count: Number(count) };
}

export function adminConditionSetRoutes(ctx: ServerContext): Route[] {
  /** The set the path names, refused when it has an owner (the dashboard writes only unowned sets). */
  const writableSet = async (c: Context<AppEnv>) => {
    const appId = await adminAppId(ctx, c);
    const set = await requireConditionSet(ctx, appId, c.req.param('condition_set_id'));
    if (set.owner_id !== null) throw ownedResource('condition set');
    return { appId, set };
  };
  return [
    route(adminApi.adminConditionSetsList, {
      auth: 'admin',
      handler: async (c) => {
        const select = setsWithCounts(ctx.db, await adminAppId(ctx, c));
        const query = { cursor: c.req.query('cursor'), limit: c.req.query('limit') };
        return c.json(
          await dashboardPage(select, query, (row) => ({
            ...toWireConditionSet(row),
            item_count: Number(row.item_count ?? 0),
          })),
        );
      },
    }),
    route(adminApi.adminConditionSetsCreate, {
      auth: 'admin',
      body: setBody,
      handler: async (c, body) => {
        const set = await createConditionSet(ctx, await adminAppId(ctx, c), body.name, noOwner);
        return c.json({ ...set, item_count: 0 });
      },
    }),
    route(adminApi.adminConditionSetGet, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await adminAppId(ctx, c);
        const set = await requireConditionSet(ctx, appId, c.req.param('condition_set_id'));
        const page = await listConditionSetItems(ctx, set.id, {
          cursor: cursorOf(c.req.query('cursor')),
          limit: queryLimit(c.req.query('limit')),
        });
        return c.json({ ...(await withCount(ctx, set)), ...page });
      },
    }),
    route(adminApi.adminConditionSetUpdate, {
      auth: 'admin',
      body: setBody,
      handler: async (c, body) => {
        const { appId, set } = await writableSet(c);
        const updated = await updateConditionSet(ctx, appId, set.id, { name: body.name }, unownedOnly);
        return c.json(await withCount(ctx, updated));
      },
    }),
    route(adminApi.adminConditionSetDelete, {
      auth: 'admin',
      handler: async (c) => {
        const { appId, set } = await writableSet(c);
        await deleteConditionSet(ctx, appId, set.id, unownedOnly);
        return c.json({ success: true });
      },
    }),
    route(adminApi.adminConditionSetItemsAdd, {
      auth: 'admin',
      body: addItemsBody,
      handler: async (c, body) => {
        const { appId, set } = await writableSet(c);
        const values = body.items.map((item) => item.value);
        return c.json(await addConditionSetItems(ctx, appId, set.id, values, unownedOnly));
      },
    }),
    route(adminApi.adminConditionSetItemDelete, {
      auth: 'admin',
      handler: async (c) => {
        const { set } = await writableSet(c);
        const item = await requireConditionSetItem(ctx, set.id, c.req.param('condition_set_item_id'));
        await deleteConditionSetItem(ctx, set.id, item.id, unownedOnly);
        return c.json({ success: true });
      },
    }),
  ];
}

const notFound = { status: 404, code: 'not_found' };
const absentSet = (appId: string) => `/admin/v1/apps/${appId}/condition_sets/${'s'.repeat(24)}`;
/** Routes that read no body: whatever is sent is ignored. */
const noBody = { body: () => ({}), valid: notFound, bad: notFound, empty: notFound };

/** The hostile-input suite's fixtures of these routes (in the admin target app). */
export const adminConditionSetFixtures: Record<string, RouteFixture> = {
  [`GET ${adminApi.adminConditionSetsList.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/condition_sets`,
    valid: ok,
  },
  [`POST ${adminApi.adminConditionSetsCreate.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/condition_sets`,
    body: () => ({ name: 'Allowed recipients' }),
    valid: ok,
    required: ['name'],
    strings: { name: label(ok) },
  },
  [`GET ${adminApi.adminConditionSetGet.path}`]: {
    path: (env) => `${absentSet(env.adminTargetId)}?limit=10`,
    valid: notFound,
  },
  [`PATCH ${adminApi.adminConditionSetUpdate.path}`]: {
    path: (env) => absentSet(env.adminTargetId),
    body: () => ({ name: 'Renamed' }),
    valid: notFound,
    required: ['name'],
    strings: { name: label(notFound) },
  },
  [`DELETE ${adminApi.adminConditionSetDelete.path}`]: {
    path: (env) => absentSet(env.adminTargetId),
    ...noBody,
  },
  [`POST ${adminApi.adminConditionSetItemsAdd.path}`]: {
    path: (env) => `${absentSet(env.adminTargetId)}/condition_set_items`,
    body: () => ({ items: [{ value: '0x52908400098527886E0F7030069857D2E4169EE7' }] }),
    valid: notFound,
    // Hostile values inside `items` (an array the suite does not shape): admin-policy-resources.test.ts.
    required: ['items'],
  },
  [`DELETE ${adminApi.adminConditionSetItemDelete.path}`]: {
    path: (env) => `${absentSet(env.adminTargetId)}/condition_set_items/${'i'.repeat(24)}`,
    ...noBody,
  },
};
