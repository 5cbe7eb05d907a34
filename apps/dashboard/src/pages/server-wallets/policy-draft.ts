import {
  type Policy,
  type PolicyChainType,
  type PolicyCondition,
  type PolicyRuleInput,
  policyFieldSources,
} from '@latchkey/protocol';

/*
 * The policy editor's draft: rules and their conditions as rows of strings, and back to the wire.
 * A condition's `value` is one string, or a comma-separated list for `in` / `not_in`. A condition's
 * ABI or typed-data types (written from the backend) are kept as they are.
 */

export interface ConditionDraft {
  field_source: string;
  field: string;
  operator: string;
  value: string;
  /** `abi`, `typed_data`: kept from the stored condition, not edited here. */
  kept: Pick<PolicyCondition, 'abi' | 'typed_data'>;
}

export interface RuleDraft {
  name: string;
  method: string;
  action: string;
  conditions: ConditionDraft[];
}

export interface PolicyDraft {
  name: string;
  chain_type: PolicyChainType;
  rules: RuleDraft[];
}

const listOperators = new Set(['in', 'not_in']);

/** Names a free path commonly takes (the protocol lists none for free paths). */
const freePathHints: Record<string, string[]> = { ethereum_calldata: ['function_name'] };

/** The field sources the server accepts (protocol), with the fields the editor offers for each. */
export const fieldSources: Record<string, { chains: PolicyChainType[]; fields: string[] }> =
  Object.fromEntries(
    Object.entries(policyFieldSources).map(([name, source]) => [
      name,
      {
        chains: [...source.chains],
        fields: source.fields ? [...source.fields] : (freePathHints[name] ?? []),
      },
    ]),
  );

export const blankCondition = (chain: PolicyChainType): ConditionDraft => ({
  field_source: chain === 'solana' ? 'solana_system_program_instruction' : 'ethereum_transaction',
  field: chain === 'solana' ? 'Transfer.lamports' : 'value',
  operator: 'lte',
  value: '',
  kept: {},
});

export const blankRule = (chain: PolicyChainType): RuleDraft => ({
  name: '',
  method: chain === 'solana' ? 'signAndSendTransaction' : 'eth_sendTransaction',
  action: 'ALLOW',
  conditions: [blankCondition(chain)],
});

/** A stored condition as a row (a policy rule's, or an aggregation's). */
export const conditionDraftOf = (c: PolicyCondition): ConditionDraft => ({
  field_source: c.field_source,
  field: c.field,
  operator: c.operator,
  value: Array.isArray(c.value) ? c.value.join(', ') : c.value,
  kept: {
    ...(c.abi ? { abi: c.abi } : {}),
    ...(c.typed_data ? { typed_data: c.typed_data } : {}),
  },
});

/** A row as the API takes the condition: the server checks it (`invalid_policy_format`). */
export const conditionOf = (c: ConditionDraft): PolicyCondition => ({
  field_source: c.field_source,
  field: c.field.trim(),
  operator: c.operator as PolicyCondition['operator'],
  value: listOperators.has(c.operator)
    ? c.value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : c.value.trim(),
  ...c.kept,
});

export function draftOf(policy: Policy): PolicyDraft {
  return {
    name: policy.name,
    chain_type: policy.chain_type,
    rules: policy.rules.map((rule) => ({
      name: rule.name,
      method: rule.method,
      action: rule.action,
      conditions: rule.conditions.map(conditionDraftOf),
    })),
  };
}

/** The rules as the API takes them: the server checks them (`invalid_policy_format`). */
export function rulesOf(draft: PolicyDraft): PolicyRuleInput[] {
  return draft.rules.map((rule) => ({
    name: rule.name,
    method: rule.method as PolicyRuleInput['method'],
    action: rule.action as PolicyRuleInput['action'],
    conditions: rule.conditions.map(conditionOf),
  }));
}

/**
 * The field a server message names (`Invalid rules[0].conditions[1].field: …`) as the editor's
 * dotted path (`rules.0.conditions.1.field`), with the message; null when it names none.
 */
export function errorPath(message: string): { path: string; message: string } | null {
  const match = /^Invalid ([A-Za-z0-9_.[\]-]+): (.*)$/s.exec(message);
  if (!match) return null;
  return { path: match[1]!.replace(/\[(\d+)\]/g, '.$1'), message: match[2]! };
}
