import {
  type AdminConditionSet,
  type Aggregation,
  aggregationReferencePrefix,
  type ConditionOperator,
} from '@latchkey/protocol';

/*
 * What a condition row offers from the app's condition sets and aggregations: a set by name where
 * the operator takes a set's id (`in_condition_set`, `not_in_condition_set`), and `aggregation.<id>`
 * where the field source is `reference`.
 */

/** One choice of a select or datalist: the value sent, the words shown. */
export interface Choice {
  value: string;
  label: string;
}

const setOperators: ReadonlySet<string> = new Set<ConditionOperator>([
  'in_condition_set',
  'not_in_condition_set',
]);

/** Whether the operator's value is a condition set's id. */
export const takesConditionSet = (operator: string): boolean => setOperators.has(operator);

/**
 * The app's sets by name, and the current value first when it is none of them (a set on a later
 * page, or deleted since: kept rather than silently replaced).
 */
export function conditionSetChoices(sets: readonly AdminConditionSet[], current: string): Choice[] {
  const choices = sets.map((set) => ({
    value: set.id,
    label: `${set.name} (${set.item_count} item${set.item_count === 1 ? '' : 's'})`,
  }));
  return current && !sets.some((set) => set.id === current)
    ? [{ value: current, label: `${current} (not among the app's sets)` }, ...choices]
    : choices;
}

/** `aggregation.<id>`: how a rule's `reference` field reads an aggregation. */
export const aggregationReference = (aggregation: Pick<Aggregation, 'id'>): string =>
  `${aggregationReferencePrefix}${aggregation.id}`;

/** The `reference` fields a rule can read: the app's aggregations, by name. */
export const referenceChoices = (aggregations: readonly Aggregation[]): Choice[] =>
  aggregations.map((aggregation) => ({
    value: aggregationReference(aggregation),
    label: aggregation.name,
  }));
