import type { Policy } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { draftOf, errorPath, rulesOf } from './policy-draft.ts';

describe('policy draft', () => {
  it('reads a stored policy into rows and writes the same rules back, lists split on commas', () => {
    const policy: Policy = {
      id: 'p',
      version: '1.0',
      name: 'Limits',
      chain_type: 'ethereum',
      owner_id: null,
      created_at: 1,
      rules: [
        {
          id: 'r',
          name: 'Allow list',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            { field_source: 'ethereum_transaction', field: 'to', operator: 'in', value: ['0xa', '0xb'] },
            {
              field_source: 'ethereum_calldata',
              field: 'function_name',
              operator: 'eq',
              value: 'transfer',
              abi: [],
            },
          ],
        },
      ],
    };
    const draft = draftOf(policy);
    expect(draft.rules[0]?.conditions[0]?.value).toBe('0xa, 0xb');
    expect(rulesOf(draft)).toEqual([
      {
        name: 'Allow list',
        method: 'eth_sendTransaction',
        action: 'ALLOW',
        conditions: [
          { field_source: 'ethereum_transaction', field: 'to', operator: 'in', value: ['0xa', '0xb'] },
          {
            field_source: 'ethereum_calldata',
            field: 'function_name',
            operator: 'eq',
            value: 'transfer',
            abi: [],
          },
        ],
      },
    ]);
  });

  it('finds the field a server message names', () => {
    expect(errorPath('Invalid rules[0].conditions[1].field: not a field of x.')).toEqual({
      path: 'rules.0.conditions.1.field',
      message: 'not a field of x.',
    });
    expect(errorPath('Invalid name: too long')).toEqual({ path: 'name', message: 'too long' });
    expect(errorPath('Policy not found.')).toBeNull();
  });
});
