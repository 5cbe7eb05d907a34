import {
  adminServerWalletsApi as adminApi,
  type PolicyRuleInput,
  policyChainTypes,
  policyLimits,
} from '@latchkey/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { always, invalidData, label, ok, type RouteFixture } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, checkedByHandler } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { adminAppId } from './admin-app.ts';
import { dashboardPage } from './newest-first.ts';
import { dryRunPolicy } from './policies/enforce.ts';
import {
  assertReferences,
  changePolicy,
  createPolicy,
  requirePolicy,
  toWirePolicy,
  withRuleIds,
} from './policies/policy-store.ts';
import { policyRequestFromRpc } from './policies/request.ts';
import { noReferences, parseRules } from './policies/validate.ts';

/*
 * The dashboard's policies (`/admin/v1/apps/:id/policies`): listed, read, written without an owner
 * (the rules checked by the REST API's own `parseRules`, so `invalid_policy_format` names the same
 * field), and the dry run. A policy with an owner changes only with its owner's signature, which
 * the dashboard does not hold: it is read-only here. Changes are audited with the actor `admin`.
 */

/** Who made a dashboard change, in the policy's audit log. */
const adminActor = 'admin';

const rules = checkedByHandler<PolicyRuleInput[]>()(z.array(z.unknown()).max(policyLimits.rulesMax));
const createBody = z.object({
  name: z.string().min(1).max(policyLimits.nameMaxLength),
  chain_type: z.enum(policyChainTypes),
  rules,
});
const updateBody = z.object({
  name: z.string().min(1).max(policyLimits.nameMaxLength).optional(),
  rules: rules.optional(),
});
const evaluateBody = z.object({
  method: boundedString(64),
  caip2: boundedString(128).optional(),
  params: z.record(z.string(), z.unknown()),
  address: boundedString(128).optional(),
});

export function adminPolicyRoutes(ctx: ServerContext): Route[] {
  const appOf = (c: Context<AppEnv>) => adminAppId(ctx, c);
  return [
    route(adminApi.adminPoliciesList, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const select = ctx.db.selectFrom('wallet_policies').selectAll().where('app_id', '=', appId);
        const query = { cursor: c.req.query('cursor'), limit: c.req.query('limit') };
        return c.json(await dashboardPage(select, query, toWirePolicy));
      },
    }),
    route(adminApi.adminPoliciesCreate, {
      auth: 'admin',
      body: createBody,
      handler: async (c, body) => {
        const appId = await appOf(c);
        const references = noReferences();
        const parsed = parseRules(body.rules, body.chain_type, references);
        await assertReferences(ctx.db, appId, references);
        const input = { name: body.name, chain_type: body.chain_type, rules: parsed };
        return c.json(await createPolicy(ctx, appId, input, { owner_id: null, owner: null }, adminActor));
      },
    }),
    route(adminApi.adminPolicyGet, {
      auth: 'admin',
      handler: async (c) => c.json(await requirePolicy(ctx, await appOf(c), c.req.param('policy_id'))),
    }),
    route(adminApi.adminPolicyUpdate, {
      auth: 'admin',
      body: updateBody,
      handler: async (c, body) => {
        if (body.name === undefined && body.rules === undefined)
          throw new ApiError('invalid_data', 'An update needs at least one field.');
        const appId = await appOf(c);
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        if (policy.owner_id !== null)
          throw new ApiError(
            'invalid_data',
            "This policy has an owner: it changes only with the owner's authorization signature, from the backend.",
          );
        const references = noReferences();
        const parsed =
          body.rules === undefined ? undefined : parseRules(body.rules, policy.chain_type, references);
        await assertReferences(ctx.db, appId, references);
        const updated = await changePolicy(ctx, appId, policy.id, adminActor, (current) => {
          // Owned since it was read: refused rather than changed without the owner.
          if (current.owner_id !== null) throw new ApiError('invalid_data', 'This policy has an owner.');
          const next = {
            ...current,
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(parsed === undefined ? {} : { rules: withRuleIds(parsed) }),
          };
          return {
            next: { policy: next },
            audit: { action: 'policy.updated', rule_id: null, before: current, after: next },
            result: next,
          };
        });
        return c.json(updated);
      },
    }),
    route(adminApi.adminPolicyEvaluate, {
      auth: 'admin',
      body: evaluateBody,
      handler: async (c, body) => {
        const appId = await appOf(c);
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const request = policyRequestFromRpc(body, {
          chain_type: policy.chain_type,
          address: body.address ?? '',
        });
        const { decision, trace } = await dryRunPolicy(ctx, appId, policy, request);
        return c.json({ decision, trace });
      },
    }),
  ];
}

const notFound = { status: 404, code: 'not_found' };
const absentPolicy = (appId: string) => `/admin/v1/apps/${appId}/policies/${'p'.repeat(24)}`;

/** The hostile-input suite's fixtures of these routes. */
export const adminPolicyFixtures: Record<string, RouteFixture> = {
  [`GET ${adminApi.adminPoliciesList.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/policies`,
    valid: ok,
  },
  [`POST ${adminApi.adminPoliciesCreate.path}`]: {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/policies`,
    body: () => ({
      name: 'Limits',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Small sends',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            { field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '1000' },
          ],
        },
      ],
    }),
    valid: ok,
    required: ['name', 'chain_type', 'rules'],
    strings: { name: label(ok), chain_type: always(invalidData) },
  },
  [`GET ${adminApi.adminPolicyGet.path}`]: {
    path: (env) => absentPolicy(env.adminTargetId),
    valid: notFound,
  },
  [`PATCH ${adminApi.adminPolicyUpdate.path}`]: {
    path: (env) => absentPolicy(env.adminTargetId),
    body: () => ({ name: 'Renamed' }),
    valid: notFound,
    empty: invalidData,
    strings: { name: label(notFound) },
  },
  [`POST ${adminApi.adminPolicyEvaluate.path}`]: {
    path: (env) => `${absentPolicy(env.adminTargetId)}/evaluate`,
    body: () => ({ method: 'personal_sign', params: { message: 'hello' } }),
    valid: notFound,
    required: ['method', 'params'],
    strings: { method: label(notFound), caip2: label(notFound), address: label(notFound) },
  },
};
