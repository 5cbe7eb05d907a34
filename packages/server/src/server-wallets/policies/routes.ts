import {
  serverWalletPoliciesApi as api,
  type PolicyAction,
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
import { aggregationRoutes } from './aggregation-routes.ts';
import { authorizeResourceWrite } from './authorize-write.ts';
import { atLeastOne, conditionsInput, name, noFields } from './bodies.ts';
import { conditionSetRoutes } from './condition-set-routes.ts';
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
import { cursorOf, queryLimit } from './query.ts';
import { policyRequestFromRpc } from './request.ts';
import { noReferences, parseRule, parseRules } from './validate.ts';

/*
 * The policy REST resources (WIRE.md §7.3; `@privy-io/node`'s paths under /v1, ours under /api/v1
 * too). Each handler validates, calls a service, maps the result. Every write calls
 * `authorizeResourceWrite` (the owner's authorization signature, installed by the wallets part)
 * before it changes anything.
 */

const rulesArray = () => z.array(z.unknown()).max(policyLimits.rulesMax);

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
