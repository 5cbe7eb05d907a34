import type { AdminConditionSet, Aggregation } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import {
  aggregationReference,
  conditionSetChoices,
  referenceChoices,
  takesConditionSet,
} from './policy-resources.ts';

const set = (id: string, name: string, item_count: number): AdminConditionSet => ({
  id,
  name,
  item_count,
  owner_id: null,
  created_at: 1,
});

describe('policy resources in a condition row', () => {
  it('offers sets for the two set operators only', () => {
    expect(takesConditionSet('in_condition_set')).toBe(true);
    expect(takesConditionSet('not_in_condition_set')).toBe(true);
    expect(takesConditionSet('in')).toBe(false);
    expect(takesConditionSet('eq')).toBe(false);
  });

  it('names sets with their item counts, and keeps a current id that is none of them', () => {
    const sets = [set('s1', 'Payees', 2), set('s2', 'Blocked', 1)];
    expect(conditionSetChoices(sets, 's1')).toEqual([
      { value: 's1', label: 'Payees (2 items)' },
      { value: 's2', label: 'Blocked (1 item)' },
    ]);
    expect(conditionSetChoices(sets, 'gone')[0]).toEqual({
      value: 'gone',
      label: "gone (not among the app's sets)",
    });
    expect(conditionSetChoices(sets, '')).toHaveLength(2);
  });

  it('reads an aggregation as aggregation.<id>, by name', () => {
    const aggregation = { id: 'a1', name: 'Daily sends' } as Aggregation;
    expect(aggregationReference(aggregation)).toBe('aggregation.a1');
    expect(referenceChoices([aggregation])).toEqual([{ value: 'aggregation.a1', label: 'Daily sends' }]);
  });
});
