import {
  serverWalletPoliciesApi as api,
  type CreatePolicyRequest,
  type EvaluatePolicyRequest,
  type EvaluatePolicyResponse,
  type Policy,
  type PolicyAuditEntry,
  type PolicyAuditPage,
  type PolicyRule,
  type PolicyRuleInput,
  type UpdatePolicyRequest,
} from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import type { CallOptions } from '../types.ts';
import { cursorPages } from './cursor-pages.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';

const policyPath = (path: string, policyId: string, ruleId?: string) =>
  fillPath(path, ruleId === undefined ? { policy_id: policyId } : { policy_id: policyId, rule_id: ruleId });

/**
 * Policies (REFERENCES §1.1–1.5): rules per RPC method whose conditions gate what a wallet signs
 * (any DENY wins, else any ALLOW, else denied), given to a wallet as `policy_ids`. An owned policy
 * changes only with its owner's `authorizationContext`.
 *
 * @example
 * const policy = await latchkey.policies.create({
 *   version: '1.0', name: 'Small sends', chain_type: 'ethereum',
 *   rules: [{ name: '≤ 0.01 ETH', method: 'eth_sendTransaction', action: 'ALLOW',
 *     conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '10000000000000000' }] }],
 * });
 */
export class Policies {
  readonly #transport: ServerWalletsTransport;

  constructor(transport: ServerWalletsTransport) {
    this.#transport = transport;
  }

  create(input: CreatePolicyRequest, options: WriteOptions = {}): Promise<Policy> {
    return signedCall(this.#transport, { method: 'POST', path: api.policyCreate.path, body: input }, options);
  }

  get(policyId: string, options: CallOptions = {}): Promise<Policy> {
    return this.#read(policyPath(api.policyGet.path, policyId), options);
  }

  /** Renames it, replaces its rules or its owner. */
  update(policyId: string, input: UpdatePolicyRequest, options: WriteOptions = {}): Promise<Policy> {
    const path = policyPath(api.policyUpdate.path, policyId);
    return signedCall(this.#transport, { method: 'PATCH', path, body: input }, options);
  }

  async delete(policyId: string, options: WriteOptions = {}): Promise<void> {
    const path = policyPath(api.policyDelete.path, policyId);
    await signedCall(this.#transport, { method: 'DELETE', path }, options);
  }

  /**
   * A dry run (Latchkey): the decision the policy would take on an RPC-like request, with the trace of
   * every rule and condition; nothing is signed, aggregations are read and not reserved.
   */
  evaluate(
    policyId: string,
    input: EvaluatePolicyRequest,
    options: WriteOptions = {},
  ): Promise<EvaluatePolicyResponse> {
    const path = policyPath(api.policyEvaluate.path, policyId);
    return signedCall(this.#transport, { method: 'POST', path, body: input }, options);
  }

  /** The policy's change log, newest first (Latchkey), page by page. */
  audit(
    policyId: string,
    params: { limit?: number } = {},
    options: CallOptions = {},
  ): AsyncGenerator<PolicyAuditEntry, void> {
    return cursorPages(async (cursor) => {
      const page = await this.#read<PolicyAuditPage>(policyPath(api.policyAudit.path, policyId), options, {
        cursor,
        limit: params.limit,
      });
      return { items: page.data, next_cursor: page.next_cursor };
    });
  }

  /** Adds a rule to the policy. */
  createRule(policyId: string, rule: PolicyRuleInput, options: WriteOptions = {}): Promise<PolicyRule> {
    const path = policyPath(api.ruleCreate.path, policyId);
    return signedCall(this.#transport, { method: 'POST', path, body: rule }, options);
  }

  getRule(policyId: string, ruleId: string, options: CallOptions = {}): Promise<PolicyRule> {
    return this.#read(policyPath(api.ruleGet.path, policyId, ruleId), options);
  }

  updateRule(
    policyId: string,
    ruleId: string,
    rule: PolicyRuleInput,
    options: WriteOptions = {},
  ): Promise<PolicyRule> {
    const path = policyPath(api.ruleUpdate.path, policyId, ruleId);
    return signedCall(this.#transport, { method: 'PATCH', path, body: rule }, options);
  }

  async deleteRule(policyId: string, ruleId: string, options: WriteOptions = {}): Promise<void> {
    const path = policyPath(api.ruleDelete.path, policyId, ruleId);
    await signedCall(this.#transport, { method: 'DELETE', path }, options);
  }

  #read<T>(
    path: string,
    options: CallOptions,
    query?: Record<string, string | number | undefined>,
  ): Promise<T> {
    return this.#transport.http.request({ method: 'GET', path, query, idempotent: true, ...options });
  }
}
