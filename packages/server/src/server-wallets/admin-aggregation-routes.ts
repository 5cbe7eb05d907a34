import { adminServerWalletsApi as adminApi } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { always, invalidData, label, ok, type RouteFixture } from '../hostile-fixtures.ts';
import { adminAppId } from './admin-app.ts';
import { dashboardPage } from './newest-first.ts';
import { aggregationBody } from './policies/aggregation-routes.ts';
import {
  createAggregation,
  deleteAggregation,
  requireAggregation,
  toWireAggregation,
} from './policies/aggregations.ts';
import { ownedResource } from './policies/owners.ts';

/*
 * The dashboard's aggregations (`/admin/v1/apps/:id/aggregations`): listed, read, made with the REST
 * API's own schema and checks (`invalid_policy_format` names the same field), never with an owner,
 * and deleted. One with an owner changes only with its owner's signature: read-only here.
 */

export function adminAggregationRoutes(ctx: ServerContext): Route[] {
  return [
    route(adminApi.adminAggregationsList, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await adminAppId(ctx, c);
        const select = ctx.db.selectFrom('policy_aggregations').selectAll().where('app_id', '=', appId);
        const query = { cursor: c.req.query('cursor'), limit: c.req.query('limit') };
        return c.json(await dashboardPage(select, query, toWireAggregation));
      },
    }),
    route(adminApi.adminAggregationsCreate, {
      auth: 'admin',
      body: aggregationBody,
      handler: async (c, body) => {
        const appId = await adminAppId(ctx, c);
        return c.json(await createAggregation(ctx, appId, body, { owner_id: null, owner: null }));
      },
    }),
    route(adminApi.adminAggregationGet, {
      auth: 'admin',
      handler: async (c) =>
        c.json(await requireAggregation(ctx, await adminAppId(ctx, c), c.req.param('aggregation_id'))),
    }),
    route(adminApi.adminAggregationDelete, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await adminAppId(ctx, c);
        const aggregation = await requireAggregation(ctx, appId, c.req.param('aggregation_id'));
        if (aggregation.owner_id !== null) throw ownedResource('aggregation');
        await deleteAggregation(ctx, appId, aggregation.id, { unownedOnly: true });
        return c.json({ success: true });
      },
    }),
  ];
}

const notFound = { status: 404, code: 'not_found' };
const absentAggregation = (appId: string) => `/admin/v1/apps/${appId}/aggregations/${'g'.repeat(24)}`;

/** The hostile-input suite's fixtures of these routes (in the admin target app). */
export const adminAggregationFixtures: Record<string, RouteFixture> = {
  [`GET ${adminApi.adminAggregationsList.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/aggregations`,
    valid: ok,
  },
  [`POST ${adminApi.adminAggregationsCreate.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/aggregations`,
    body: () => ({
      name: 'Daily sends',
      method: 'eth_sendTransaction',
      metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
      window: { type: 'rolling', seconds: 86_400 },
      group_by: [{ field_source: 'ethereum_transaction', field: 'to' }],
    }),
    valid: ok,
    required: ['name', 'method', 'metric', 'window'],
    strings: { name: label(ok), method: always(invalidData) },
  },
  [`GET ${adminApi.adminAggregationGet.path}`]: {
    path: (env) => absentAggregation(env.adminTargetId),
    valid: notFound,
  },
  [`DELETE ${adminApi.adminAggregationDelete.path}`]: {
    path: (env) => absentAggregation(env.adminTargetId),
    // Reads no body: whatever is sent is ignored.
    body: () => ({}),
    valid: notFound,
    bad: notFound,
    empty: notFound,
  },
};
