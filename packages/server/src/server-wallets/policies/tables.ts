/**
 * The policy tables (migration `0019_server_wallet_policies`, migrations.ts): policies with their
 * rules, condition sets and their items, aggregations and the reservations that count towards them,
 * and the policy change log. Times are Unix milliseconds, as the REST API shows them.
 */
declare module '../../storage/schema.ts' {
  interface Database {
    wallet_policies: WalletPoliciesTable;
    policy_condition_sets: PolicyConditionSetsTable;
    policy_condition_set_items: PolicyConditionSetItemsTable;
    policy_aggregations: PolicyAggregationsTable;
    policy_aggregation_reservations: PolicyAggregationReservationsTable;
    policy_audit_log: PolicyAuditLogTable;
  }
}

/** One policy: its rules are one JSON array (each rule with its id), read and written whole. */
export interface WalletPoliciesTable {
  id: string;
  app_id: string;
  /** Always `1.0`. */
  version: string;
  name: string;
  chain_type: string;
  /** JSON array of `{id, name, method, action, conditions}`. */
  rules: string;
  /** The key quorum that owns it, as given (`owner_id`) or made from `owner`; null: the app secret alone. */
  owner_id: string | null;
  /** The `owner` object it was created with (JSON), until owners become key quorums; else null. */
  owner: string | null;
  /** Counts changes: each change's audit entry carries the revision it made. */
  revision: number;
  created_at: number;
  updated_at: number;
}

export interface PolicyConditionSetsTable {
  id: string;
  app_id: string;
  name: string;
  owner_id: string | null;
  owner: string | null;
  created_at: number;
  updated_at: number;
}

export interface PolicyConditionSetItemsTable {
  id: string;
  app_id: string;
  condition_set_id: string;
  value: string;
  created_at: number;
}

export interface PolicyAggregationsTable {
  id: string;
  app_id: string;
  name: string;
  method: string;
  /** JSON `{field_source, field, function, abi?}`. */
  metric: string;
  window_seconds: number;
  /** JSON array of conditions, or null. */
  conditions: string | null;
  /** JSON array of `{field_source, field, abi?}`, or null. */
  group_by: string | null;
  owner_id: string | null;
  owner: string | null;
  created_at: number;
}

/**
 * What one allowed request counted towards an aggregation, for one wallet and group, reserved
 * before signing (enforce.ts) and dropped if the signature or broadcast then failed.
 */
export interface PolicyAggregationReservationsTable {
  id: string;
  app_id: string;
  aggregation_id: string;
  /** The wallet's address, lower-cased for Ethereum: aggregations count per wallet. */
  wallet_key: string;
  /** The `group_by` fields' values (JSON array of strings), `[]` without `group_by`. */
  group_key: string;
  /** The metric's value, a decimal uint256. */
  amount: string;
  created_at: number;
  /** When it leaves the window (created_at + window): the sweep deletes it then. */
  expires_at: number;
}

/** One change to a policy or one of its rules: what it was before and after, and who made it. */
export interface PolicyAuditLogTable {
  id: string;
  app_id: string;
  policy_id: string;
  /** The policy's revision this change made (1 on create): the log's order. */
  revision: number;
  action: string;
  rule_id: string | null;
  /** JSON, or null (create). */
  before: string | null;
  /** JSON, or null (delete). */
  after: string | null;
  actor: string;
  created_at: number;
}
