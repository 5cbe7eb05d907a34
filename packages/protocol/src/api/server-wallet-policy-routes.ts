import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { Aggregation, CreateAggregationRequest } from './server-wallet-aggregations.ts';
import type {
  ConditionSet,
  ConditionSetItem,
  ConditionSetItemsPage,
  ConditionSetItemsRequest,
  CreateConditionSetRequest,
  UpdateConditionSetRequest,
} from './server-wallet-condition-sets.ts';
import type {
  CreatePolicyRequest,
  Policy,
  PolicyDeleteResponse,
  PolicyRule,
  PolicyRuleInput,
  UpdatePolicyRequest,
} from './server-wallet-policies.ts';
import type {
  EvaluatePolicyRequest,
  EvaluatePolicyResponse,
  PolicyAuditPage,
} from './server-wallet-policy-trace.ts';

/*
 * The routes of server-wallet policies (REFERENCES §1.1–1.5, WIRE.md §7.3): policies and their
 * rules, condition sets and their items, aggregations (rolling-window sums), and Latchkey's
 * extensions (a dry-run `evaluate` and a change log, `audit`). Server-to-server routes (Basic auth
 * with the app secret); each answers under `/api/v1/...` and `/v1/...` (where `@privy-io/node`
 * calls them).
 */

const serverWalletPoliciesTable = {
  policyCreate: { method: 'POST', path: '/api/v1/policies' },
  policyGet: { method: 'GET', path: '/api/v1/policies/:policy_id' },
  policyUpdate: { method: 'PATCH', path: '/api/v1/policies/:policy_id' },
  policyDelete: { method: 'DELETE', path: '/api/v1/policies/:policy_id' },
  policyEvaluate: { method: 'POST', path: '/api/v1/policies/:policy_id/evaluate' },
  policyAudit: { method: 'GET', path: '/api/v1/policies/:policy_id/audit' },
  ruleCreate: { method: 'POST', path: '/api/v1/policies/:policy_id/rules' },
  ruleGet: { method: 'GET', path: '/api/v1/policies/:policy_id/rules/:rule_id' },
  ruleUpdate: { method: 'PATCH', path: '/api/v1/policies/:policy_id/rules/:rule_id' },
  ruleDelete: { method: 'DELETE', path: '/api/v1/policies/:policy_id/rules/:rule_id' },
  conditionSetCreate: { method: 'POST', path: '/api/v1/condition_sets' },
  conditionSetGet: { method: 'GET', path: '/api/v1/condition_sets/:condition_set_id' },
  conditionSetUpdate: { method: 'PATCH', path: '/api/v1/condition_sets/:condition_set_id' },
  conditionSetDelete: { method: 'DELETE', path: '/api/v1/condition_sets/:condition_set_id' },
  conditionSetItemsAdd: {
    method: 'POST',
    path: '/api/v1/condition_sets/:condition_set_id/condition_set_items',
  },
  conditionSetItemsReplace: {
    method: 'PUT',
    path: '/api/v1/condition_sets/:condition_set_id/condition_set_items',
  },
  conditionSetItemsList: {
    method: 'GET',
    path: '/api/v1/condition_sets/:condition_set_id/condition_set_items',
  },
  conditionSetItemGet: {
    method: 'GET',
    path: '/api/v1/condition_sets/:condition_set_id/condition_set_items/:condition_set_item_id',
  },
  conditionSetItemDelete: {
    method: 'DELETE',
    path: '/api/v1/condition_sets/:condition_set_id/condition_set_items/:condition_set_item_id',
  },
  aggregationCreate: { method: 'POST', path: '/api/v1/aggregations' },
  aggregationGet: { method: 'GET', path: '/api/v1/aggregations/:aggregation_id' },
  aggregationDelete: { method: 'DELETE', path: '/api/v1/aggregations/:aggregation_id' },
} as const;

/** A DELETE's body: none (`{}` when one is sent). */
type NoFields = Record<string, never>;

export const serverWalletPoliciesApi: TypedRoutes<
  typeof serverWalletPoliciesTable,
  {
    policyCreate: { request: CreatePolicyRequest; response: Policy };
    policyGet: { request: undefined; response: Policy };
    policyUpdate: { request: UpdatePolicyRequest; response: Policy };
    policyDelete: { request: NoFields; response: PolicyDeleteResponse };
    policyEvaluate: { request: EvaluatePolicyRequest; response: EvaluatePolicyResponse };
    /** Query `?cursor=&limit=`, newest first. */
    policyAudit: { request: undefined; response: PolicyAuditPage };
    ruleCreate: { request: PolicyRuleInput; response: PolicyRule };
    ruleGet: { request: undefined; response: PolicyRule };
    ruleUpdate: { request: PolicyRuleInput; response: PolicyRule };
    ruleDelete: { request: NoFields; response: PolicyDeleteResponse };
    conditionSetCreate: { request: CreateConditionSetRequest; response: ConditionSet };
    conditionSetGet: { request: undefined; response: ConditionSet };
    conditionSetUpdate: { request: UpdateConditionSetRequest; response: ConditionSet };
    conditionSetDelete: { request: NoFields; response: PolicyDeleteResponse };
    conditionSetItemsAdd: { request: ConditionSetItemsRequest; response: ConditionSetItem[] };
    conditionSetItemsReplace: { request: ConditionSetItemsRequest; response: ConditionSetItem[] };
    /** Query `?cursor=&limit=&query=`. */
    conditionSetItemsList: { request: undefined; response: ConditionSetItemsPage };
    conditionSetItemGet: { request: undefined; response: ConditionSetItem };
    conditionSetItemDelete: { request: NoFields; response: PolicyDeleteResponse };
    aggregationCreate: { request: CreateAggregationRequest; response: Aggregation };
    aggregationGet: { request: undefined; response: Aggregation };
    aggregationDelete: { request: NoFields; response: PolicyDeleteResponse };
  }
> = serverWalletPoliciesTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const serverWalletPoliciesReference: ReferenceArea = {
  name: 'Server wallet policies',
  description:
    'Policies that gate server-wallet signing, their rules, condition sets and aggregations (REFERENCES §1.1–1.5), with a dry run and a change log.',
  tables: [[serverWalletPoliciesApi, 'server']],
  summaries: {
    policyEvaluate: 'Evaluate an RPC-like request against a policy without signing (Latchkey).',
    policyAudit: 'The policy’s change log, newest first (Latchkey).',
    conditionSetItemsReplace: 'Replace all the items of a condition set.',
  },
};
