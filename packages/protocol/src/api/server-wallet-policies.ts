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
  EvaluatePolicyRequest,
  EvaluatePolicyResponse,
  PolicyAuditPage,
} from './server-wallet-policy-trace.ts';
import type { OwnerInput } from './server-wallets.ts';

/*
 * Server-wallet policies (REFERENCES §1.1–1.5, WIRE.md §7.3): policies and their rules, condition
 * sets and their items, aggregations (rolling-window sums), and Latchkey's extensions (a dry-run
 * `evaluate` and a change log, `audit`). Server-to-server routes (Basic auth with the app secret);
 * each answers under `/api/v1/...` and `/v1/...` (where `@privy-io/node` calls them). Wire names
 * and shapes are `@privy-io/node` 0.35's (resources/policies.d.ts, aggregations.d.ts).
 */

/** Limits (spec document 2 §5, §9; REFERENCES §1.1). */
export const policyLimits = {
  /** Policy and rule names: 1 to 50 characters. */
  nameMaxLength: 50,
  /** Condition set names: 1 to 100 characters. */
  conditionSetNameMaxLength: 100,
  /** Aggregation names (Latchkey's ceiling; the incumbent documents none). */
  aggregationNameMaxLength: 50,
  /** Rules in one policy (Latchkey's ceiling). */
  rulesMax: 100,
  /** Conditions in one rule (Latchkey's ceiling). */
  conditionsMax: 50,
  /** Strings in one condition's `value` array (Latchkey's ceiling; condition sets hold more). */
  valuesMax: 100,
  /** Items added or replaced in one call, and one page of items. */
  itemsPerCall: 100,
  /** Characters of one condition set item's value. */
  itemValueMaxLength: 512,
  /** Items in one condition set (Latchkey's ceiling). */
  itemsPerSet: 10_000,
  /** An aggregation's rolling window: 1 to 72 hours, in seconds. */
  windowMinSeconds: 3600,
  windowMaxSeconds: 72 * 3600,
  /** `group_by` fields of an aggregation. */
  groupByMax: 2,
} as const;

/** The chain types a policy can be written for. */
export const policyChainTypes = ['ethereum', 'solana'] as const;
export type PolicyChainType = (typeof policyChainTypes)[number];
export type PolicyAction = 'ALLOW' | 'DENY';

/** The methods a rule can name (REFERENCES §1.3); `'*'` matches every method. */
export const policyMethods = [
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signUserOperation',
  'eth_signTypedData_v4',
  'personal_sign',
  'eth_sign7702Authorization',
  'wallet_sendCalls',
  'signTransaction',
  'signAndSendTransaction',
  'signMessage',
  'exportPrivateKey',
  'exportSeedPhrase',
  'signTransactionBytes',
  'signRawMessageBytes',
  'transfer',
  '*',
] as const;
export type PolicyMethod = (typeof policyMethods)[number];

/**
 * Condition operators: the incumbent's (`eq gt gte lt lte in in_condition_set contains starts_with
 * ends_with`) and Latchkey's negations (`neq not_in not_in_condition_set`).
 */
export const conditionOperators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'not_in',
  'in_condition_set',
  'not_in_condition_set',
  'contains',
  'starts_with',
  'ends_with',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

/** A Solidity ABI (JSON), as viem and the incumbent take it. */
export type PolicyAbi = readonly Readonly<Record<string, unknown>>[];

/** EIP-712 `types` and `primary_type` of a typed-data message condition. */
export interface PolicyTypedDataInput {
  primary_type: string;
  types: Record<string, { name: string; type: string }[]>;
}

/**
 * One condition: `value` is a string or an array of strings (no numbers). `abi` goes with
 * `ethereum_calldata` (and aggregation metrics on calldata); `typed_data` with
 * `ethereum_typed_data_message`.
 */
export interface PolicyCondition {
  field_source: string;
  field: string;
  operator: ConditionOperator;
  value: string | string[];
  abi?: PolicyAbi;
  typed_data?: PolicyTypedDataInput;
}

/** A rule as written: all its conditions must hold (AND) for its action to fire. */
export interface PolicyRuleInput {
  name: string;
  method: PolicyMethod;
  action: PolicyAction;
  conditions: PolicyCondition[];
}

/** A rule as stored and shown: with its id. */
export interface PolicyRule extends PolicyRuleInput {
  id: string;
}

/** `owner` of a policy, condition set or aggregation: a user or a P-256 key (base64 SPKI), as a wallet's. */
export type PolicyOwnerInput = OwnerInput;

export interface Policy {
  id: string;
  version: '1.0';
  name: string;
  chain_type: PolicyChainType;
  rules: PolicyRule[];
  /** The key quorum that owns it; null: the app secret alone may change it. */
  owner_id: string | null;
  /** Unix milliseconds. */
  created_at: number;
}

export interface CreatePolicyRequest {
  version: '1.0';
  name: string;
  chain_type: PolicyChainType;
  /** A rule may carry an `id` (`@privy-io/node`'s `PolicyCreateParams.Rule`); the server assigns its own. */
  rules: (PolicyRuleInput & { id?: string })[];
  owner?: PolicyOwnerInput | null;
  owner_id?: string | null;
}

export interface UpdatePolicyRequest {
  name?: string;
  rules?: PolicyRuleInput[];
  owner?: PolicyOwnerInput | null;
  owner_id?: string | null;
}

export interface PolicyDeleteResponse {
  success: boolean;
}

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
