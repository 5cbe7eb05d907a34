import { serverWalletPoliciesApi as api, policyLimits } from '@latchkey/protocol';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Route } from '../../feature.ts';
import { route } from '../../feature.ts';
import { ApiError } from '../../http/api-error.ts';
import { authorizeResourceWrite } from './authorize-write.ts';
import { atLeastOne, name, noFields } from './bodies.ts';
import {
  addConditionSetItems,
  createConditionSet,
  deleteConditionSet,
  deleteConditionSetItem,
  listConditionSetItems,
  requireConditionSet,
  requireConditionSetItem,
  updateConditionSet,
} from './condition-sets.ts';
import { ownerColumns, ownerIdInput, ownerInput } from './owners.ts';
import { cursorOf, queryLimit } from './query.ts';

/** Condition sets and their items (`/policies`' `in_condition_set` values). */

/** A set's name (the dashboard's admin routes take it too). */
export const conditionSetName = name(policyLimits.conditionSetNameMaxLength);
const createSetBody = z.object({
  name: conditionSetName,
  owner: ownerInput,
  owner_id: ownerIdInput,
});
const updateSetBody = z.object({
  name: conditionSetName.optional(),
  owner: ownerInput,
  owner_id: ownerIdInput,
});
/** Items added or replaced: `[{value}, …]`, at most 100 (the dashboard's admin routes take it too). */
export const itemsBody = z
  .array(z.object({ value: z.string().min(1).max(policyLimits.itemValueMaxLength) }))
  .max(policyLimits.itemsPerCall);

export function conditionSetRoutes(ctx: ServerContext): Route[] {
  return [
    route(api.conditionSetCreate, {
      auth: 'server',
      body: createSetBody,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const owner = (await ownerColumns(ctx, appId, body)) ?? { owner_id: null, owner: null };
        // AUTHORIZATION: a new set has no owner yet to sign.
        await authorizeResourceWrite(ctx, c, null, body);
        return c.json(await createConditionSet(ctx, appId, body.name, owner));
      },
    }),
    route(api.conditionSetGet, {
      auth: 'server',
      handler: async (c) =>
        c.json(await requireConditionSet(ctx, c.get('app').id, c.req.param('condition_set_id'))),
    }),
    route(api.conditionSetUpdate, {
      auth: 'server',
      body: updateSetBody,
      handler: async (c, body) => {
        atLeastOne(body);
        const appId = c.get('app').id;
        const set = await requireConditionSet(ctx, appId, c.req.param('condition_set_id'));
        const owner = await ownerColumns(ctx, appId, body);
        // AUTHORIZATION: the set's owner signs its changes.
        await authorizeResourceWrite(ctx, c, set.owner_id, body);
        return c.json(await updateConditionSet(ctx, appId, set.id, { name: body.name, owner }));
      },
    }),
    route(api.conditionSetDelete, {
      auth: 'server',
      body: noFields,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const set = await requireConditionSet(ctx, appId, c.req.param('condition_set_id'));
        // AUTHORIZATION: the set's owner signs its deletion.
        await authorizeResourceWrite(ctx, c, set.owner_id, body);
        await deleteConditionSet(ctx, appId, set.id);
        return c.json({ success: true });
      },
    }),
    ...[api.conditionSetItemsAdd, api.conditionSetItemsReplace].map((contract) =>
      route(contract, {
        auth: 'server',
        body: itemsBody,
        handler: async (c, body) => {
          const appId = c.get('app').id;
          const set = await requireConditionSet(ctx, appId, c.req.param('condition_set_id'));
          // AUTHORIZATION: the set's owner signs changes to its items.
          await authorizeResourceWrite(ctx, c, set.owner_id, body);
          const values = body.map((item) => item.value);
          const replace = contract === api.conditionSetItemsReplace;
          return c.json(await addConditionSetItems(ctx, appId, set.id, values, { replace }));
        },
      }),
    ),
    route(api.conditionSetItemsList, {
      auth: 'server',
      handler: async (c) => {
        const set = await requireConditionSet(ctx, c.get('app').id, c.req.param('condition_set_id'));
        const query = c.req.query('query');
        if (
          query !== undefined &&
          (query.length > policyLimits.itemValueMaxLength || query.includes('\u0000'))
        )
          throw new ApiError('invalid_data', 'Invalid query.');
        const options = {
          cursor: cursorOf(c.req.query('cursor')),
          limit: queryLimit(c.req.query('limit')),
          query,
        };
        return c.json(await listConditionSetItems(ctx, set.id, options));
      },
    }),
    route(api.conditionSetItemGet, {
      auth: 'server',
      handler: async (c) => {
        const set = await requireConditionSet(ctx, c.get('app').id, c.req.param('condition_set_id'));
        return c.json(await requireConditionSetItem(ctx, set.id, c.req.param('condition_set_item_id')));
      },
    }),
    route(api.conditionSetItemDelete, {
      auth: 'server',
      body: noFields,
      handler: async (c, body) => {
        const set = await requireConditionSet(ctx, c.get('app').id, c.req.param('condition_set_id'));
        const item = await requireConditionSetItem(ctx, set.id, c.req.param('condition_set_item_id'));
        // AUTHORIZATION: the set's owner signs changes to its items.
        await authorizeResourceWrite(ctx, c, set.owner_id, body);
        await deleteConditionSetItem(ctx, set.id, item.id);
        return c.json({ success: true });
      },
    }),
  ];
}
