import {
  aggregationMethods,
  serverWalletPoliciesApi as api,
  type PolicyAbi,
  type PolicyAction,
  type PolicyCondition,
  type PolicyMethod,
  type PolicyRuleInput,
  policyChainTypes,
  policyLimits,
} from '@latchkey/protocol';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Route } from '../../feature.ts';
import { route } from '../../feature.ts';
import { ApiError } from '../../http/api-error.ts';
import { boundedString, checkedByHandler } from '../../http/body.ts';
import { idempotent } from '../idempotency.ts';
import { createAggregation, deleteAggregation, requireAggregation } from './aggregations.ts';
import { authorizeResourceWrite } from './authorize-write.ts';
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
import { dryRunPolicy } from './enforce.ts';
import { ownerColumns, ownerIdInput, ownerInput } from './owners.ts';
import {
  assertReferences,
  changePolicy,
  createPolicy,
  findRule,
  policyAudit,
  requirePolicy,
  withRuleIds,
} from './policy-store.ts';
import { policyRequestFromRpc } from './request.ts';
import { noReferences, parseRule, parseRules } from './validate.ts';

/*
 * The policy REST resources (WIRE.md §7.3; `@privy-io/node`'s paths under /v1, ours under /api/v1
 * too). Each handler validates, calls a service, maps the result. Every write calls
 * `authorizeResourceWrite` (the owner's authorization signature, installed by the wallets part)
 * before it changes anything.
 */

const name = (max: number) => z.string().min(1).max(max);
const rulesArray = () => z.array(z.unknown()).max(policyLimits.rulesMax);
const conditionsInput = checkedByHandler<PolicyCondition[]>()(
  z.array(z.unknown()).max(policyLimits.conditionsMax),
);
const abiInput = checkedByHandler<PolicyAbi>()(z.array(z.unknown()).max(200).readonly());

const createPolicyBody = z.object({
  version: z.literal('1.0'),
  name: name(policyLimits.nameMaxLength),
  chain_type: z.enum(policyChainTypes),
  rules: checkedByHandler<(PolicyRuleInput & { id?: string })[]>()(rulesArray()),
  owner: ownerInput,
  owner_id: ownerIdInput,
});

const updatePolicyBody = z.object({
  name: name(policyLimits.nameMaxLength).optional(),
  rules: checkedByHandler<PolicyRuleInput[]>()(rulesArray()).optional(),
  owner: ownerInput,
  owner_id: ownerIdInput,
});

/** A rule's fields are checked by `parseRule` (`invalid_policy_format`), which needs the policy's chain type. */
const ruleBody = z.object({
  name: boundedString(256),
  method: checkedByHandler<PolicyMethod>()(boundedString(64)),
  action: checkedByHandler<PolicyAction>()(boundedString(64)),
  conditions: conditionsInput,
});

const evaluateBody = z.object({
  method: boundedString(64),
  caip2: boundedString(128).optional(),
  params: z.record(z.string(), z.unknown()),
  address: boundedString(128).optional(),
});

const noFields = z.object({});

const createSetBody = z.object({
  name: name(policyLimits.conditionSetNameMaxLength),
  owner: ownerInput,
  owner_id: ownerIdInput,
});
const updateSetBody = z.object({
  name: name(policyLimits.conditionSetNameMaxLength).optional(),
  owner: ownerInput,
  owner_id: ownerIdInput,
});
const itemsBody = z
  .array(z.object({ value: z.string().min(1).max(policyLimits.itemValueMaxLength) }))
  .max(policyLimits.itemsPerCall);

const measuredField = {
  field_source: boundedString(64),
  field: boundedString(256),
  abi: abiInput.optional(),
};
const createAggregationBody = z.object({
  name: name(policyLimits.aggregationNameMaxLength),
  method: z.enum(aggregationMethods),
  metric: z.object({ ...measuredField, function: z.literal('sum') }),
  window: z.object({
    type: z.literal('rolling'),
    seconds: z.number().int().min(policyLimits.windowMinSeconds).max(policyLimits.windowMaxSeconds),
  }),
  conditions: conditionsInput.optional(),
  group_by: z.array(z.object(measuredField)).max(policyLimits.groupByMax).optional(),
  owner: ownerInput,
  owner_id: ownerIdInput,
});

/** `?limit=`: 1 to 100, default 100. */
function queryLimit(raw: string | undefined): number {
  if (raw === undefined) return policyLimits.itemsPerCall;
  const limit = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= policyLimits.itemsPerCall))
    throw new ApiError('invalid_data', `Invalid limit: an integer from 1 to ${policyLimits.itemsPerCall}.`);
  return limit;
}

const cursorOf = (raw: string | undefined) => (raw ? raw : undefined);

/** Whether a wallet names the policy, as its own or as a signer's override. */
async function policyInUse(ctx: ServerContext, appId: string, policyId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('server_wallets')
    .select('id')
    .where('app_id', '=', appId)
    .where((eb) =>
      eb.or([
        eb('policy_ids', 'like', `%"${policyId}"%`),
        eb('additional_signers', 'like', `%"${policyId}"%`),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

const atLeastOne = (body: Record<string, unknown>) => {
  if (Object.values(body).every((v) => v === undefined))
    throw new ApiError('invalid_data', 'An update needs at least one field.');
};

export function policyRoutes(ctx: ServerContext): Route[] {
  return [
    route(api.policyCreate, {
      auth: 'server',
      body: createPolicyBody,
      handler: (c, body) => {
        const appId = c.get('app').id;
        return idempotent(ctx, c, appId, async () => {
          const references = noReferences();
          const rules = parseRules(body.rules, body.chain_type, references);
          await assertReferences(ctx.db, appId, references);
          const owner = (await ownerColumns(ctx, appId, body)) ?? { owner_id: null, owner: null };
          // AUTHORIZATION: a new policy has no owner yet to sign; the check sees the owner it names.
          const actor = await authorizeResourceWrite(ctx, c, null, body);
          const input = { name: body.name, chain_type: body.chain_type, rules };
          return c.json(await createPolicy(ctx, appId, input, owner, actor));
        });
      },
    }),
    route(api.policyGet, {
      auth: 'server',
      handler: async (c) => c.json(await requirePolicy(ctx, c.get('app').id, c.req.param('policy_id'))),
    }),
    route(api.policyUpdate, {
      auth: 'server',
      body: updatePolicyBody,
      handler: async (c, body) => {
        atLeastOne(body);
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const references = noReferences();
        const rules =
          body.rules === undefined ? undefined : parseRules(body.rules, policy.chain_type, references);
        await assertReferences(ctx.db, appId, references);
        const owner = await ownerColumns(ctx, appId, body);
        // AUTHORIZATION: the policy's owner signs its changes.
        const actor = await authorizeResourceWrite(ctx, c, policy.owner_id, body);
        const updated = await changePolicy(ctx, appId, policy.id, actor, (current) => {
          const next = {
            ...current,
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(rules === undefined ? {} : { rules: withRuleIds(rules) }),
            ...(owner ? { owner_id: owner.owner_id } : {}),
          };
          return {
            next: { policy: next, ...(owner ? { owner } : {}) },
            audit: { action: 'policy.updated', rule_id: null, before: current, after: next },
            result: next,
          };
        });
        return c.json(updated);
      },
    }),
    route(api.policyDelete, {
      auth: 'server',
      body: noFields,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        // AUTHORIZATION: the policy's owner signs its deletion.
        const actor = await authorizeResourceWrite(ctx, c, policy.owner_id, body);
        // A wallet whose policy vanished would be denied everything: detach it first.
        if (await policyInUse(ctx, appId, policy.id))
          throw new ApiError(
            'invalid_data',
            'This policy is attached to wallets or signers: detach it first.',
          );
        await changePolicy(ctx, appId, policy.id, actor, (current) => ({
          next: null,
          audit: { action: 'policy.deleted', rule_id: null, before: current, after: null },
          result: null,
        }));
        return c.json({ success: true });
      },
    }),
    route(api.policyEvaluate, {
      auth: 'server',
      body: evaluateBody,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const request = policyRequestFromRpc(body, {
          chain_type: policy.chain_type,
          address: body.address ?? '',
        });
        const { decision, trace } = await dryRunPolicy(ctx, appId, policy, request);
        return c.json({ decision, trace });
      },
    }),
    route(api.policyAudit, {
      auth: 'server',
      handler: async (c) =>
        c.json(
          await policyAudit(ctx, c.get('app').id, c.req.param('policy_id'), {
            cursor: cursorOf(c.req.query('cursor')),
            limit: queryLimit(c.req.query('limit')),
          }),
        ),
    }),
    ...ruleRoutes(ctx),
    ...conditionSetRoutes(ctx),
    ...aggregationRoutes(ctx),
  ];
}

function ruleRoutes(ctx: ServerContext): Route[] {
  /** The rule as written, checked for the policy's chain type and against the app's sets and aggregations. */
  const checkedRule = async (appId: string, chainType: 'ethereum' | 'solana', body: unknown) => {
    const references = noReferences();
    const rule = parseRule(body, chainType, 'rule', references);
    await assertReferences(ctx.db, appId, references);
    return rule;
  };
  return [
    route(api.ruleCreate, {
      auth: 'server',
      body: ruleBody,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const input = await checkedRule(appId, policy.chain_type, body);
        // AUTHORIZATION: the policy's owner signs its rules' changes.
        const actor = await authorizeResourceWrite(ctx, c, policy.owner_id, body);
        const rule = await changePolicy(ctx, appId, policy.id, actor, (current) => {
          if (current.rules.length >= policyLimits.rulesMax)
            throw new ApiError(
              'invalid_policy_format',
              `A policy has at most ${policyLimits.rulesMax} rules.`,
            );
          const [created] = withRuleIds([input]);
          const next = { ...current, rules: [...current.rules, created!] };
          return {
            next: { policy: next },
            audit: { action: 'rule.created', rule_id: created!.id, before: null, after: created },
            result: created!,
          };
        });
        return c.json(rule);
      },
    }),
    route(api.ruleGet, {
      auth: 'server',
      handler: async (c) => {
        const policy = await requirePolicy(ctx, c.get('app').id, c.req.param('policy_id'));
        return c.json(findRule(policy, c.req.param('rule_id')));
      },
    }),
    route(api.ruleUpdate, {
      auth: 'server',
      body: ruleBody,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const ruleId = findRule(policy, c.req.param('rule_id')).id;
        const input = await checkedRule(appId, policy.chain_type, body);
        // AUTHORIZATION: the policy's owner signs its rules' changes.
        const actor = await authorizeResourceWrite(ctx, c, policy.owner_id, body);
        const rule = await changePolicy(ctx, appId, policy.id, actor, (current) => {
          const before = findRule(current, ruleId);
          const after = { id: ruleId, ...input };
          const next = { ...current, rules: current.rules.map((r) => (r.id === ruleId ? after : r)) };
          return {
            next: { policy: next },
            audit: { action: 'rule.updated', rule_id: ruleId, before, after },
            result: after,
          };
        });
        return c.json(rule);
      },
    }),
    route(api.ruleDelete, {
      auth: 'server',
      body: noFields,
      handler: async (c, body) => {
        const appId = c.get('app').id;
        const policy = await requirePolicy(ctx, appId, c.req.param('policy_id'));
        const ruleId = findRule(policy, c.req.param('rule_id')).id;
        // AUTHORIZATION: the policy's owner signs its rules' changes.
        const actor = await authorizeResourceWrite(ctx, c, policy.owner_id, body);
        await changePolicy(ctx, appId, policy.id, actor, (current) => {
          const before = findRule(current, ruleId);
          const next = { ...current, rules: current.rules.filter((r) => r.id !== ruleId) };
          return {
            next: { policy: next },
            audit: { action: 'rule.deleted', rule_id: ruleId, before, after: null },
            result: null,
          };
        });
        return c.json({ success: true });
      },
    }),
  ];
}

function conditionSetRoutes(ctx: ServerContext): Route[] {
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
          return c.json(await addConditionSetItems(ctx, appId, set.id, values, replace));
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

function aggregationRoutes(ctx: ServerContext): Route[] {
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
