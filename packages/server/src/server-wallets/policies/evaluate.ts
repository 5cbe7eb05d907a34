import type {
  ConditionTrace,
  DecidingRule,
  InstructionTrace,
  PolicyAction,
  PolicyCondition,
  PolicyRule,
  PolicyTrace,
  RuleTrace,
} from '@latchkey/protocol';
import { compare, redact, seenText } from './coercion.ts';
import { fieldOf } from './fields.ts';
import { type EvaluatedPolicy, type EvaluationContext, type PolicyRequest, prop } from './request.ts';
import { type DecodedInstruction, decodeSolanaTransaction } from './solana-transaction.ts';

/*
 * The policy engine (REFERENCES §1.5), pure: no database, no clock but the context's.
 * - Only rules whose `method` equals the request's method are evaluated; `'*'` matches every method.
 * - A rule fires when all its conditions hold (AND; a rule without conditions always fires).
 * - Any firing DENY denies; else any firing ALLOW allows; else the request is denied (default deny).
 * - A Solana transaction is allowed only if every one of its instructions is, each evaluated on its
 *   own (its program and fields); a transaction with no instruction is evaluated once, as a whole.
 */

export interface PolicyDecision {
  decision: PolicyAction;
  trace: PolicyTrace;
}

/** The Solana methods whose `params.transaction` is a base64 wire transaction. */
const solanaTransactionMethods = new Set(['signTransaction', 'signAndSendTransaction']);

const shown = (value: string | readonly string[]): string | string[] =>
  typeof value === 'string' ? redact(value) : value.slice(0, 20).map(redact);

function evaluateCondition(
  condition: PolicyCondition,
  request: PolicyRequest,
  context: EvaluationContext,
  instruction: DecodedInstruction | null,
): ConditionTrace {
  const seen = fieldOf(condition, request, context, instruction);
  const { result, note } = compare(
    seen,
    condition.operator,
    condition.value,
    (id) => context.conditionSets.get(id) ?? null,
  );
  const text = seenText(seen);
  return {
    field_source: condition.field_source,
    field: condition.field,
    operator: condition.operator,
    expected: shown(condition.value),
    seen: text === null ? null : redact(text),
    result,
    ...(note ? { note } : {}),
  };
}

export const methodMatches = (rule: Pick<PolicyRule, 'method'>, method: string): boolean =>
  rule.method === '*' || rule.method === method;

interface RulesOutcome {
  decision: PolicyAction;
  decided_by: DecidingRule | null;
  rules: RuleTrace[];
}

/** One pass over the rules: every matching rule's conditions, then DENY over ALLOW over default deny. */
function evaluateRules(
  rules: readonly PolicyRule[],
  request: PolicyRequest,
  context: EvaluationContext,
  instruction: DecodedInstruction | null,
): RulesOutcome {
  const traces: RuleTrace[] = rules.map((rule) => {
    const matched = methodMatches(rule, request.method);
    // Every condition is evaluated (no short cut), so the trace shows each one.
    const conditions = matched
      ? rule.conditions.map((condition) => evaluateCondition(condition, request, context, instruction))
      : [];
    return {
      rule_id: rule.id,
      name: rule.name,
      method: rule.method,
      action: rule.action,
      method_matched: matched,
      fired: matched && conditions.every((c) => c.result),
      conditions,
    };
  });
  const deciding =
    traces.find((r) => r.fired && r.action === 'DENY') ?? traces.find((r) => r.fired && r.action === 'ALLOW');
  return {
    decision: deciding?.action ?? 'DENY',
    decided_by: deciding ? { rule_id: deciding.rule_id, name: deciding.name, action: deciding.action } : null,
    rules: traces,
  };
}

function reasonOf(decided: DecidingRule | null, where = ''): string {
  if (!decided) return `No rule allowed it${where}.`;
  return decided.action === 'DENY'
    ? `Denied by rule "${decided.name}" (${decided.rule_id})${where}.`
    : `Allowed by rule "${decided.name}" (${decided.rule_id})${where}.`;
}

/** The instructions of a Solana transaction request; null: not one, or undecodable. */
function solanaInstructions(request: PolicyRequest): DecodedInstruction[] | null {
  if (request.chainType !== 'solana' || !solanaTransactionMethods.has(request.method)) return null;
  const transaction = prop(request.params, 'transaction');
  if (typeof transaction !== 'string') return null;
  try {
    return decodeSolanaTransaction(transaction);
  } catch {
    return null;
  }
}

/**
 * Evaluates one policy against one request: the decision, and a trace of every rule (matched
 * method, each condition's field as seen and its result) and of the rule that decided.
 *
 * @example
 * const { decision, trace } = evaluatePolicy(policy, request, { now, conditionSets, aggregations });
 */
export function evaluatePolicy(
  policy: EvaluatedPolicy,
  request: PolicyRequest,
  context: EvaluationContext,
): PolicyDecision {
  const base = { policy_id: policy.id, method: request.method };
  const instructions = solanaInstructions(request);
  if (!instructions || instructions.length === 0) {
    const outcome = evaluateRules(policy.rules, request, context, null);
    return {
      decision: outcome.decision,
      trace: {
        ...base,
        decision: outcome.decision,
        decided_by: outcome.decided_by,
        reason: reasonOf(outcome.decided_by),
        rules: outcome.rules,
      },
    };
  }
  const perInstruction: InstructionTrace[] = instructions.map((instruction, index) => {
    const outcome = evaluateRules(policy.rules, request, context, instruction);
    return { index, program_id: instruction.programId, ...outcome };
  });
  // The first instruction denied decides; if none is, the last one's allowing rule is shown.
  const denied = perInstruction.find((i) => i.decision === 'DENY');
  const deciding = denied ?? perInstruction[perInstruction.length - 1]!;
  const decision: PolicyAction = denied ? 'DENY' : 'ALLOW';
  return {
    decision,
    trace: {
      ...base,
      decision,
      decided_by: deciding.decided_by,
      reason: reasonOf(deciding.decided_by, denied ? ` for instruction ${denied.index}` : ''),
      instructions: perInstruction,
    },
  };
}
