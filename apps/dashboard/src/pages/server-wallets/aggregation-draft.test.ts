import type { Aggregation } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import {
  aggregationRequestOf,
  aggregationSummary,
  blankAggregation,
  formPaths,
  measuredSources,
  windowText,
} from './aggregation-draft.ts';

describe('aggregation draft', () => {
  it('writes the admin API body: the window a number, empty lists left out, conditions as the wire takes them', () => {
    const draft = { ...blankAggregation(), name: ' Daily sends ', window_seconds: ' 3600 ' };
    expect(aggregationRequestOf(draft)).toEqual({
      name: 'Daily sends',
      method: 'eth_sendTransaction',
      metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
      window: { type: 'rolling', seconds: 3600 },
    });
    const full = aggregationRequestOf({
      ...draft,
      group_by: [{ field_source: 'ethereum_transaction', field: ' to ' }],
      conditions: [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'in', value: '0xa, 0xb', kept: {} },
        {
          field_source: 'ethereum_transaction',
          field: 'to',
          operator: 'in_condition_set',
          value: 's1',
          kept: {},
        },
      ],
    });
    expect(full.group_by).toEqual([{ field_source: 'ethereum_transaction', field: 'to' }]);
    expect(full.conditions).toEqual([
      { field_source: 'ethereum_transaction', field: 'to', operator: 'in', value: ['0xa', '0xb'] },
      { field_source: 'ethereum_transaction', field: 'to', operator: 'in_condition_set', value: 's1' },
    ]);
    // Not a number: sent as the server will refuse it (null), not guessed at.
    expect(aggregationRequestOf({ ...draft, window_seconds: 'a day' }).window.seconds).toBeNaN();
  });

  it('offers the sources an aggregation can read, never another aggregation', () => {
    expect(Object.keys(measuredSources)).toContain('ethereum_transaction');
    expect(measuredSources.ethereum_transaction).toEqual(['to', 'value', 'chain_id']);
    expect(Object.keys(measuredSources)).not.toContain('reference');
    expect(Object.keys(measuredSources)).not.toContain('solana_program_instruction');
  });

  it('says what an aggregation sums in one line', () => {
    expect(windowText(86_400)).toBe('24 h');
    expect(windowText(5400)).toBe('90 min');
    expect(windowText(3601)).toBe('3601 s');
    const aggregation: Aggregation = {
      id: 'a1',
      name: 'Daily sends',
      method: 'eth_sendTransaction',
      metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
      window: { type: 'rolling', seconds: 86_400 },
      group_by: [{ field_source: 'ethereum_transaction', field: 'to' }],
      owner_id: null,
      created_at: 1,
    };
    expect(aggregationSummary(aggregation)).toBe(
      'sum of ethereum_transaction.value of eth_sendTransaction over 24 h, per ethereum_transaction.to',
    );
  });

  it('knows which server messages land beside a field', () => {
    const paths = formPaths({
      ...blankAggregation(),
      group_by: [{ field_source: 'ethereum_transaction', field: 'to' }],
      conditions: [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: '', kept: {} },
      ],
    });
    expect(paths.has('metric.field')).toBe(true);
    expect(paths.has('window.seconds')).toBe(true);
    expect(paths.has('group_by.0.field')).toBe(true);
    expect(paths.has('group_by.1.field')).toBe(false);
    expect(paths.has('conditions.0.value')).toBe(true);
    expect(paths.has('rules')).toBe(false);
  });
});
