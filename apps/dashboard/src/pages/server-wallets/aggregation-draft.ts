import {
  type AdminAggregationCreateRequest,
  type Aggregation,
  type AggregationMethod,
  aggregationFieldSources,
} from '@latchkey/protocol';
import { type ConditionDraft, conditionOf, fieldSources } from './policy-draft.ts';

/*
 * The aggregation form's draft: the metric and group_by fields as rows of strings, the window in
 * seconds as typed, conditions as the policy editor's rows; and back to the admin API's body. The
 * server checks it all (`invalid_policy_format` / `invalid_data` naming the field, e.g.
 * `metric.field`, `window.seconds`, `conditions[0].value`), so nothing is refused here.
 */

/** A field an aggregation reads: its metric, or one of its group_by entries. */
export interface MeasuredDraft {
  field_source: string;
  field: string;
}

export interface AggregationDraft {
  name: string;
  method: AggregationMethod;
  metric: MeasuredDraft;
  /** As typed; the server takes 3600 to 259200. */
  window_seconds: string;
  group_by: MeasuredDraft[];
  conditions: ConditionDraft[];
}

/** The sources a metric or group_by may read (protocol), with the fields the form offers for each. */
export const measuredSources: Record<string, string[]> = Object.fromEntries(
  aggregationFieldSources.map((source) => [source, fieldSources[source]?.fields ?? []]),
);

export const blankMeasured = (): MeasuredDraft => ({ field_source: 'ethereum_transaction', field: 'to' });

export const blankAggregation = (): AggregationDraft => ({
  name: '',
  method: 'eth_sendTransaction',
  metric: { field_source: 'ethereum_transaction', field: 'value' },
  window_seconds: '86400',
  group_by: [],
  conditions: [],
});

const measured = (draft: MeasuredDraft) => ({ field_source: draft.field_source, field: draft.field.trim() });

/** The body of `POST /admin/v1/apps/:id/aggregations`: empty lists left out, the window as a number. */
export function aggregationRequestOf(draft: AggregationDraft): AdminAggregationCreateRequest {
  return {
    name: draft.name.trim(),
    method: draft.method,
    metric: { ...measured(draft.metric), function: 'sum' },
    window: { type: 'rolling', seconds: Number(draft.window_seconds.trim()) },
    ...(draft.conditions.length > 0 ? { conditions: draft.conditions.map(conditionOf) } : {}),
    ...(draft.group_by.length > 0 ? { group_by: draft.group_by.map(measured) } : {}),
  };
}

/** A window in words: `24 h`, `90 min`. */
export function windowText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** An aggregation in one line: what it sums, of which method, over which window, per what. */
export function aggregationSummary(aggregation: Aggregation): string {
  const { metric, group_by: groupBy } = aggregation;
  const per = groupBy?.length
    ? `, per ${groupBy.map((g) => `${g.field_source}.${g.field}`).join(' and ')}`
    : '';
  return `sum of ${metric.field_source}.${metric.field} of ${aggregation.method} over ${windowText(aggregation.window.seconds)}${per}`;
}

/**
 * The paths of the form's fields, as the server's messages name them (`metric.field`,
 * `conditions.0.value`): a message about one of them is shown beside it, any other above the form.
 */
export function formPaths(draft: AggregationDraft): Set<string> {
  const paths = ['name', 'method', 'metric.field_source', 'metric.field', 'window.seconds'];
  draft.group_by.forEach((_, i) => {
    paths.push(`group_by.${i}.field_source`, `group_by.${i}.field`);
  });
  draft.conditions.forEach((_, i) => {
    for (const part of ['field_source', 'field', 'operator', 'value']) paths.push(`conditions.${i}.${part}`);
  });
  return new Set(paths);
}
