import type { OwnerInput } from './server-wallets.ts';

/*
 * Server-wallet policies (REFERENCES §1.1–1.5, WIRE.md §7.3): policies, their rules and conditions,
 * the limits and the lists (methods, operators) they are checked against. Condition sets,
 * aggregations, the dry run's trace and the audit log have their own files; the routes are in
 * server-wallet-policy-routes.ts. Wire names and shapes are `@privy-io/node` 0.35's
 * (resources/policies.d.ts, aggregations.d.ts).
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
