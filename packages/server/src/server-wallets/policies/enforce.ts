import { aggregationReferencePrefix, type Policy, type PolicyTrace } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Database } from '../../storage/schema.ts';
import {
  type Contribution,
  contributionOf,
  loadAggregations,
  reserve,
  walletKey,
  windowSum,
} from './aggregations.ts';
import { conditionSetValues } from './condition-sets.ts';
import { evaluatePolicy, methodMatches, type PolicyDecision } from './evaluate.ts';
import { loadPolicies, nowMs } from './policy-store.ts';
import type { EvaluationContext, PolicyRequest } from './request.ts';

/*
 * Enforcement: the wallet's policies against one signing request, with its aggregations measured
 * and this request's contribution reserved in the same transaction (REFERENCES §1.10 (3): the
 * incumbent counts after signing, so concurrent requests can both pass a limit; here they cannot).
 * On PostgreSQL the transaction holds the aggregations' rows (`FOR UPDATE`) from the window's sum to
 * the reservation; SQLite runs one write transaction at a time.
 */

/** What an allowed request holds: its reservations, dropped by `release` if signing or sending fails. */
export interface PolicyGrant {
  /** The decision of each policy (empty: the wallet has none). */
  decisions: PolicyDecision[];
  /** Drops this request's reservations (idempotent). Call it when the signature or broadcast failed. */
  release(): Promise<void>;
}

const nothingHeld: PolicyGrant = { decisions: [], release: async () => {} };

/** Condition sets and aggregations named by the rules of the request's method (and the aggregations' conditions). */
function referencesOf(policies: readonly Policy[], method: string) {
  const sets = new Set<string>();
  const aggregations = new Set<string>();
  for (const policy of policies)
    for (const rule of policy.rules) {
      if (!methodMatches(rule, method)) continue;
      for (const condition of rule.conditions) {
        if (condition.operator === 'in_condition_set' || condition.operator === 'not_in_condition_set')
          sets.add(String(condition.value));
        if (condition.field_source === 'reference' && condition.field.startsWith(aggregationReferencePrefix))
          aggregations.add(condition.field.slice(aggregationReferencePrefix.length));
      }
    }
  return { sets, aggregations };
}

interface Measured {
  context: EvaluationContext;
  contributions: Contribution[];
}

/** The engine's context: sets' values, and each aggregation's window sum plus this request's share. */
async function measure(
  db: Kysely<Database>,
  ctx: ServerContext,
  appId: string,
  policies: readonly Policy[],
  request: PolicyRequest,
  lock: boolean,
): Promise<Measured> {
  const { sets, aggregations: aggregationIds } = referencesOf(policies, request.method);
  const aggregations = await loadAggregations(db, appId, aggregationIds, lock);
  for (const aggregation of aggregations)
    for (const condition of aggregation.conditions ?? [])
      if (condition.operator === 'in_condition_set' || condition.operator === 'not_in_condition_set')
        sets.add(String(condition.value));
  const conditionSets = await conditionSetValues(db, appId, sets);
  const base: EvaluationContext = { now: ctx.now(), conditionSets, aggregations: new Map() };
  const at = nowMs(ctx);
  const wallet = walletKey(request);
  const values = new Map<string, bigint>();
  const contributions: Contribution[] = [];
  for (const aggregation of aggregations) {
    const contribution = contributionOf(aggregation, request, base);
    contributions.push(contribution);
    const sum = await windowSum(db, aggregation.id, wallet, contribution.groupKey, at);
    values.set(aggregation.id, sum + contribution.amount);
  }
  return { context: { ...base, aggregations: values }, contributions };
}

/** The `policy_violation` of a denied request: the deciding rule (or none) and the trace. */
function violation(trace: PolicyTrace): ApiError {
  const why = trace.decided_by
    ? `denied by rule "${trace.decided_by.name}" (${trace.decided_by.rule_id})`
    : 'no rule allowed it';
  const where = trace.reason.match(/ for instruction \d+/)?.[0] ?? '';
  return new ApiError('policy_violation', `Policy ${trace.policy_id} ${why}${where}.`, { data: { trace } });
}

/**
 * Enforces the wallet's policies on a request before it is signed: every policy must allow it.
 * A wallet without a policy is unrestricted. A denied request throws `policy_violation` (400) with
 * the denying policy's trace in `data.trace`; a policy id that no longer exists denies (fail closed).
 * An allowed request's aggregation contributions are reserved before this returns.
 *
 * @example
 * const grant = await enforcePolicies(ctx, app.id, wallet.policy_ids, request);
 * try { await signAndSend(); } catch (error) { await grant.release(); throw error; }
 */
export async function enforcePolicies(
  ctx: ServerContext,
  appId: string,
  policyIds: readonly string[],
  request: PolicyRequest,
): Promise<PolicyGrant> {
  if (policyIds.length === 0) return nothingHeld;
  const policies = await loadPolicies(ctx.db, appId, policyIds);
  const missing = policyIds.find((id) => !policies.some((p) => p.id === id));
  if (missing !== undefined)
    throw new ApiError('policy_violation', `Policy ${missing} of this wallet no longer exists.`);
  // Without an aggregation there is nothing to reserve: no write transaction (on SQLite the one
  // writer) for the common policy of plain conditions.
  if (referencesOf(policies, request.method).aggregations.size === 0) {
    const { context } = await measure(ctx.db, ctx, appId, policies, request, false);
    const decisions = policies.map((policy) => evaluatePolicy(policy, request, context));
    const denied = decisions.find((d) => d.decision === 'DENY');
    if (denied) throw violation(denied.trace);
    return { decisions, release: nothingHeld.release };
  }
  const reserved = await ctx.db.transaction().execute(async (trx) => {
    const { context, contributions } = await measure(
      trx,
      ctx,
      appId,
      policies,
      request,
      ctx.dialect === 'postgres',
    );
    const decisions = policies.map((policy) => evaluatePolicy(policy, request, context));
    const denied = decisions.find((d) => d.decision === 'DENY');
    if (denied) throw violation(denied.trace);
    const ids = await reserve(trx, appId, walletKey(request), contributions, nowMs(ctx));
    return { decisions, ids };
  });
  let released = false;
  return {
    decisions: reserved.decisions,
    release: async () => {
      if (released || reserved.ids.length === 0) return;
      released = true;
      await ctx.db.deleteFrom('policy_aggregation_reservations').where('id', 'in', reserved.ids).execute();
    },
  };
}

/**
 * A dry run (`POST /policies/:id/evaluate`): the decision and trace, with aggregations read as
 * enforcement would read them, nothing reserved.
 */
export async function dryRunPolicy(
  ctx: ServerContext,
  appId: string,
  policy: Policy,
  request: PolicyRequest,
): Promise<PolicyDecision> {
  const { context } = await measure(ctx.db, ctx, appId, [policy], request, false);
  return evaluatePolicy(policy, request, context);
}
