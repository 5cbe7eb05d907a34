import type { PolicyAction } from './server-wallet-policies.ts';

/*
 * What Latchkey adds to policies: the dry run (`evaluate`) and the rule trace it answers (the same
 * trace rides in `policy_violation` errors), and the change log (`audit`). Routes in
 * server-wallet-policy-routes.ts.
 */

/**
 * `POST /policies/:policy_id/evaluate` (Latchkey): an RPC-like request, evaluated against the policy
 * without signing anything. `address` is the wallet's (the default: none); aggregations are read,
 * not reserved.
 */
export interface EvaluatePolicyRequest {
  method: string;
  caip2?: string;
  params: Record<string, unknown>;
  address?: string;
}

/** One condition as the engine saw it. */
export interface ConditionTrace {
  field_source: string;
  field: string;
  operator: string;
  /** The condition's value (long ones shortened). */
  expected: string | string[];
  /** The request's value of the field, as compared (long ones shortened); null: absent or undecodable. */
  seen: string | null;
  result: boolean;
  /** Why a condition is false without a comparison: `absent`, `undecodable`, `not a quantity`, … */
  note?: string;
}

export interface RuleTrace {
  rule_id: string;
  name: string;
  method: string;
  action: PolicyAction;
  /** The rule names the request's method (or `'*'`); only then are its conditions evaluated. */
  method_matched: boolean;
  /** Every condition held: the rule's action applies. */
  fired: boolean;
  conditions: ConditionTrace[];
}

/** The rule that decided, or null: no rule fired (default deny). */
export interface DecidingRule {
  rule_id: string;
  name: string;
  action: PolicyAction;
}

/** One Solana instruction's evaluation: every instruction must be allowed. */
export interface InstructionTrace {
  index: number;
  program_id: string | null;
  decision: PolicyAction;
  decided_by: DecidingRule | null;
  rules: RuleTrace[];
}

export interface PolicyTrace {
  policy_id: string;
  method: string;
  decision: PolicyAction;
  decided_by: DecidingRule | null;
  /** In words: which rule decided, or that none allowed it. */
  reason: string;
  /** The rules, for a request evaluated as a whole (EVM, messages). */
  rules?: RuleTrace[];
  /** Per instruction, for a Solana transaction. */
  instructions?: InstructionTrace[];
}

export interface EvaluatePolicyResponse {
  decision: PolicyAction;
  trace: PolicyTrace;
}

/** What changed in a policy (Latchkey's audit log). */
export type PolicyAuditAction =
  | 'policy.created'
  | 'policy.updated'
  | 'policy.deleted'
  | 'rule.created'
  | 'rule.updated'
  | 'rule.deleted';

export interface PolicyAuditEntry {
  id: string;
  policy_id: string;
  /** The policy's revision this change made: 1 on create, one more per change. */
  revision: number;
  action: PolicyAuditAction;
  rule_id: string | null;
  /** The policy (or rule) before the change; null on create. */
  before: unknown;
  /** After the change; null on delete. */
  after: unknown;
  /** Who made it: `app_secret`, `key_quorum:<id>` when the owner's quorum signed, or `admin` (the dashboard). */
  actor: string;
  /** Unix milliseconds. */
  created_at: number;
}

export interface PolicyAuditPage {
  data: PolicyAuditEntry[];
  next_cursor: string | null;
}
