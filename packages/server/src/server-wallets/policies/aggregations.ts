import {
  type Aggregation,
  type AggregationGroupBy,
  type AggregationMethod,
  type AggregationMetric,
  aggregationFieldSources,
  type PolicyCondition,
} from '@latchkey/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Database } from '../../storage/schema.ts';
import { compare, type Seen, seenText } from './coercion.ts';
import { fieldOf } from './fields.ts';
import { type OwnerColumns, ownedResource, type WriteScope } from './owners.ts';
import { assertReferences, isResourceId, newResourceId, nowMs } from './policy-store.ts';
import type { EvaluationContext, PolicyRequest } from './request.ts';
import type { PolicyAggregationsTable } from './tables.ts';
import { noReferences, parseCondition, parseConditions, type References } from './validate.ts';

/*
 * Aggregations (REFERENCES §1.1): the rolling-window sum of one field of a wallet's requests of one
 * method, optionally only those meeting `conditions`, optionally per `group_by` values; a rule reads
 * it as `reference` `aggregation.<id>`. Counted per wallet. The value a rule sees includes the
 * request being evaluated, so `aggregation.<id> lte 10` caps the window's total at 10.
 */

export const aggregationNotFound = () => new ApiError('not_found', 'Aggregation not found.');

/** The sources a metric or group_by may read (the protocol's list). */
const measurableSources = new Set<string>(aggregationFieldSources);

/** A metric or group_by entry as a condition, so the engine's field reader reads it. */
function asCondition(field: {
  field_source: string;
  field: string;
  abi?: AggregationMetric['abi'];
}): PolicyCondition {
  return {
    field_source: field.field_source,
    field: field.field,
    operator: 'eq',
    value: '',
    ...(field.abi ? { abi: field.abi } : {}),
  };
}

/** Checks a metric or group_by field as a condition on it would be checked. */
function parseMeasuredField(
  raw: { field_source: string; field: string; abi?: unknown },
  where: string,
): { field_source: string; field: string; abi?: AggregationMetric['abi'] } {
  if (!measurableSources.has(raw.field_source))
    throw new ApiError(
      'invalid_policy_format',
      `Invalid ${where}.field_source: not a field an aggregation can read.`,
    );
  const condition = parseCondition(
    { field_source: raw.field_source, field: raw.field, operator: 'eq', value: '0', abi: raw.abi },
    'ethereum',
    where,
    noReferences(),
  );
  return {
    field_source: condition.field_source,
    field: condition.field,
    ...(condition.abi ? { abi: condition.abi } : {}),
  };
}

export interface AggregationInput {
  name: string;
  method: AggregationMethod;
  metric: { field_source: string; field: string; function: 'sum'; abi?: unknown };
  window: { type: 'rolling'; seconds: number };
  conditions?: unknown[] | undefined;
  group_by?: { field_source: string; field: string; abi?: unknown }[] | undefined;
}

/** The aggregation as stored: its metric, conditions and group_by checked (`invalid_policy_format`). */
export function parseAggregation(input: AggregationInput, references: References) {
  const metric: AggregationMetric = { ...parseMeasuredField(input.metric, 'metric'), function: 'sum' };
  const conditions = input.conditions
    ? parseConditions(input.conditions, 'ethereum', 'conditions', references)
    : null;
  if (references.aggregations.size > 0)
    throw new ApiError('invalid_policy_format', 'Invalid conditions: an aggregation cannot read another.');
  const groupBy = input.group_by
    ? input.group_by.map((g, i): AggregationGroupBy => parseMeasuredField(g, `group_by[${i}]`))
    : null;
  return { metric, conditions, groupBy };
}

export const toWireAggregation = (row: Selectable<PolicyAggregationsTable>): Aggregation => ({
  id: row.id,
  name: row.name,
  method: row.method as AggregationMethod,
  metric: JSON.parse(row.metric) as AggregationMetric,
  window: { type: 'rolling', seconds: row.window_seconds },
  ...(row.conditions ? { conditions: JSON.parse(row.conditions) as PolicyCondition[] } : {}),
  ...(row.group_by ? { group_by: JSON.parse(row.group_by) as AggregationGroupBy[] } : {}),
  owner_id: row.owner_id,
  created_at: Number(row.created_at),
});

export async function createAggregation(
  ctx: ServerContext,
  appId: string,
  input: AggregationInput,
  owner: OwnerColumns,
): Promise<Aggregation> {
  const references: References = noReferences();
  const { metric, conditions, groupBy } = parseAggregation(input, references);
  await assertReferences(ctx.db, appId, references);
  const row = {
    id: newResourceId(),
    app_id: appId,
    name: input.name,
    method: input.method,
    metric: JSON.stringify(metric),
    window_seconds: input.window.seconds,
    conditions: conditions ? JSON.stringify(conditions) : null,
    group_by: groupBy ? JSON.stringify(groupBy) : null,
    ...owner,
    created_at: nowMs(ctx),
  };
  await ctx.db.insertInto('policy_aggregations').values(row).execute();
  return toWireAggregation(row);
}

export async function requireAggregation(
  ctx: ServerContext,
  appId: string,
  id: string | undefined,
): Promise<Aggregation> {
  const row = isResourceId(id)
    ? await ctx.db
        .selectFrom('policy_aggregations')
        .selectAll()
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw aggregationNotFound();
  return toWireAggregation(row);
}

export async function deleteAggregation(
  ctx: ServerContext,
  appId: string,
  id: string,
  scope: WriteScope = {},
): Promise<void> {
  let deletion = ctx.db.deleteFrom('policy_aggregations').where('app_id', '=', appId).where('id', '=', id);
  if (scope.unownedOnly) deletion = deletion.where('owner_id', 'is', null);
  const { numDeletedRows } = await deletion.executeTakeFirst();
  if (scope.unownedOnly && Number(numDeletedRows) === 0) {
    // Gone (404), or owned since it was read.
    await requireAggregation(ctx, appId, id);
    throw ownedResource('aggregation');
  }
}

/** The app's aggregations by id (unknown ids left out). */
export async function loadAggregations(
  db: Kysely<Database>,
  appId: string,
  ids: ReadonlySet<string>,
  lock: boolean,
): Promise<Aggregation[]> {
  const wanted = [...ids].filter((id) => isResourceId(id));
  if (wanted.length === 0) return [];
  let query = db
    .selectFrom('policy_aggregations')
    .selectAll()
    .where('app_id', '=', appId)
    .where('id', 'in', wanted)
    .orderBy('id');
  // Held until the enforcing transaction ends: enforcements of one aggregation take turns.
  if (lock) query = query.forUpdate();
  return (await query.execute()).map(toWireAggregation);
}

/** The wallet an aggregation counts for: EVM addresses in one case. */
export const walletKey = (request: PolicyRequest): string =>
  request.chainType === 'ethereum' ? request.walletAddress.toLowerCase() : request.walletAddress;

/** What one request adds to one aggregation: its group and amount (0n when it does not count). */
export interface Contribution {
  aggregation: Aggregation;
  groupKey: string;
  amount: bigint;
}

const seenAmount = (seen: Seen): bigint => (seen.kind === 'quantity' ? seen.value : 0n);

/**
 * What the request adds to the aggregation: its metric when the method matches and every one of the
 * aggregation's conditions holds; 0 otherwise (and when the metric is absent or not a quantity).
 */
export function contributionOf(
  aggregation: Aggregation,
  request: PolicyRequest,
  context: EvaluationContext,
): Contribution {
  const groupKey = JSON.stringify(
    (aggregation.group_by ?? []).map((g) => seenText(fieldOf(asCondition(g), request, context, null)) ?? ''),
  );
  if (aggregation.method !== request.method) return { aggregation, groupKey, amount: 0n };
  const sets = (id: string) => context.conditionSets.get(id) ?? null;
  const counted = (aggregation.conditions ?? []).every(
    (condition) =>
      compare(fieldOf(condition, request, context, null), condition.operator, condition.value, sets).result,
  );
  const amount = counted ? seenAmount(fieldOf(asCondition(aggregation.metric), request, context, null)) : 0n;
  return { aggregation, groupKey, amount };
}

/** The window's sum so far for the wallet and group (reservations not yet expired). */
export async function windowSum(
  db: Kysely<Database>,
  aggregationId: string,
  wallet: string,
  groupKey: string,
  atMs: number,
): Promise<bigint> {
  const rows = await db
    .selectFrom('policy_aggregation_reservations')
    .select('amount')
    .where('aggregation_id', '=', aggregationId)
    .where('wallet_key', '=', wallet)
    .where('group_key', '=', groupKey)
    .where('expires_at', '>', atMs)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

/** Records the contributions (non-zero ones) and returns their ids, for `release`. */
export async function reserve(
  trx: Kysely<Database>,
  appId: string,
  wallet: string,
  contributions: readonly Contribution[],
  atMs: number,
): Promise<string[]> {
  const rows = contributions
    .filter((c) => c.amount > 0n)
    .map((c) => ({
      id: newResourceId(),
      app_id: appId,
      aggregation_id: c.aggregation.id,
      wallet_key: wallet,
      group_key: c.groupKey,
      amount: c.amount.toString(),
      created_at: atMs,
      expires_at: atMs + c.aggregation.window.seconds * 1000,
    }));
  if (rows.length > 0) await trx.insertInto('policy_aggregation_reservations').values(rows).execute();
  return rows.map((row) => row.id);
}
