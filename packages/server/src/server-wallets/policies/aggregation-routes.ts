import { aggregationMethods, serverWalletPoliciesApi as api, policyLimits } from '@latchkey/protocol';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Route } from '../../feature.ts';
import { route } from '../../feature.ts';
import { boundedString } from '../../http/body.ts';
import { idempotent } from '../idempotency.ts';
import { createAggregation, deleteAggregation, requireAggregation } from './aggregations.ts';
import { authorizeResourceWrite } from './authorize-write.ts';
import { abiInput, conditionsInput, name, noFields } from './bodies.ts';
import { ownerColumns, ownerIdInput, ownerInput } from './owners.ts';

/** Aggregations: the rolling-window sums a rule may limit. */
const measuredField = {
  field_source: boundedString(64),
  field: boundedString(256),
  abi: abiInput.optional(),
};
/** An aggregation as written, without its owner (the dashboard's admin route takes this). */
export const aggregationBody = z.object({
  name: name(policyLimits.aggregationNameMaxLength),
  method: z.enum(aggregationMethods),
  metric: z.object({ ...measuredField, function: z.literal('sum') }),
  window: z.object({
    type: z.literal('rolling'),
    seconds: z.number().int().min(policyLimits.windowMinSeconds).max(policyLimits.windowMaxSeconds),
  }),
  conditions: conditionsInput.optional(),
  group_by: z.array(z.object(measuredField)).max(policyLimits.groupByMax).optional(),
});
const createAggregationBody = aggregationBody.extend({ owner: ownerInput, owner_id: ownerIdInput });

export function aggregationRoutes(ctx: ServerContext): Route[] {
  return [
    route(api.aggregationCreate, {
      auth: 'server',
      body: createAggregationBody,
      handler: (c, body) => {
        const appId = c.get('app').id;
        return idempotent(ctx, c, appId, async () => {
          const owner = (await ownerColumns(ctx, appId, body)) ?? { owner_id: null, owner: null };
          // AUTHORIZATION: a new aggregation has no owner yet to sign.
          await authorizeResourceWrite(ctx, c, null, body);
          return c.json(await createAggregation(ctx, appId, body, owner));
        });
      },
    }),
    route(api.aggregationGet, {
      auth: 'server',
      handler: async (c) =>
        c.json(await requireAggregation(ctx, c.get('app').id, c.req.param('aggregation_id'))),
    }),
    route(api.aggregationDelete, {
      auth: 'server',
      body: noFields,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const aggregation = await requireAggregation(ctx, appId, c.req.param('aggregation_id'));
        // AUTHORIZATION: the aggregation's owner signs its deletion.
        await authorizeResourceWrite(ctx, c, aggregation.owner_id, body);
        await deleteAggregation(ctx, appId, aggregation.id);
        return c.json({ success: true });
      },
    }),
  ];
}
