import { generateKeyPairSync } from 'node:crypto';
import type { Policy, PolicyRule, PolicyTrace } from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { generateP256KeyPair, PrivyClient } from '@privy-io/node';
import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforcePolicies } from '../../src/server-wallets/policies/enforce.ts';
import type { PolicyRequest } from '../../src/server-wallets/policies/request.ts';

/**
 * Server-wallet policies over HTTP on both dialects and both spellings (`/api/v1`, `/v1`): policies
 * and rules, validation (`invalid_policy_format`), the dry run, the audit log, condition sets and
 * their items (with the hostile cases the generated suite cannot send to array bodies),
 * aggregations, and enforcement: 20 concurrent requests against a limit that admits 10. Last, the
 * incumbent's `@privy-io/node` SDK drives the same routes.
 */

interface Reply<T> {
  status: number;
  body: T & { code?: string; error?: string; data?: { trace?: PolicyTrace } };
}

function backend(t: TestServer, appId: string, secret: string, prefix = '/api/v1') {
  const call = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    raw?: string,
  ) => {
    const res = await t.fetch(`${prefix}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
        'privy-app-id': appId,
        'content-type': 'application/json',
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: res.status, body: (await res.json()) as Reply<T>['body'] } satisfies Reply<T>;
  };
  return {
    call,
    get: <T = Record<string, unknown>>(path: string) => call<T>('GET', path),
    post: <T = Record<string, unknown>>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T = Record<string, unknown>>(path: string, body: unknown) => call<T>('PUT', path, body),
    patch: <T = Record<string, unknown>>(path: string, body: unknown) => call<T>('PATCH', path, body),
    delete: <T = Record<string, unknown>>(path: string) => call<T>('DELETE', path),
  };
}

const to = '0x52908400098527886E0F7030069857D2E4169EE7';
const wallet = '0xde709f2102306220921060314715629080e2fb77';
const allowTo = (address = to) => ({
  name: 'allow to',
  method: 'eth_sendTransaction',
  action: 'ALLOW',
  conditions: [{ field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: address }],
});
const send = (transaction: Record<string, unknown>) => ({
  method: 'eth_sendTransaction',
  caip2: 'eip155:31337',
  params: { transaction },
  address: wallet,
});

describe.each(dialects)('server-wallet policies (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  async function newBackend(prefix = '/api/v1') {
    const { app, secret } = await t.createApp();
    return { appId: app.id, secret, api: backend(t, app.id, secret, prefix) };
  }

  it.each(['/api/v1', '/v1'])(
    'creates, reads, updates and deletes a policy and its rules (%s)',
    async (prefix) => {
      const { api } = await newBackend(prefix);
      const created = await api.post<Policy>('/policies', {
        version: '1.0',
        name: 'Allow one recipient',
        chain_type: 'ethereum',
        rules: [{ ...allowTo(), id: 'ignored' }],
      });
      expect(created.status).toBe(200);
      const policy = created.body;
      expect(policy).toMatchObject({
        version: '1.0',
        name: 'Allow one recipient',
        chain_type: 'ethereum',
        owner_id: null,
      });
      expect(policy.id).toMatch(/^[a-z0-9]{24}$/);
      expect(policy.created_at).toBeGreaterThan(1e12);
      expect(policy.rules).toHaveLength(1);
      expect(policy.rules[0]!.id).toMatch(/^[a-z0-9]{24}$/);
      expect(policy.rules[0]).toMatchObject(allowTo());
      expect((await api.get(`/policies/${policy.id}`)).body).toEqual(policy);

      const rule = await api.post<PolicyRule>(`/policies/${policy.id}/rules`, {
        name: 'deny big',
        method: 'eth_sendTransaction',
        action: 'DENY',
        conditions: [
          {
            field_source: 'ethereum_transaction',
            field: 'value',
            operator: 'gt',
            value: '0xde0b6b3a7640000',
          },
        ],
      });
      expect(rule.status).toBe(200);
      expect((await api.get(`/policies/${policy.id}/rules/${rule.body.id}`)).body).toEqual(rule.body);
      const edited = await api.patch<PolicyRule>(`/policies/${policy.id}/rules/${rule.body.id}`, {
        ...rule.body,
        id: undefined,
        name: 'deny bigger',
      });
      expect(edited.body).toMatchObject({ id: rule.body.id, name: 'deny bigger' });
      expect((await api.get<Policy>(`/policies/${policy.id}`)).body.rules.map((r) => r.name)).toEqual([
        'allow to',
        'deny bigger',
      ]);
      expect((await api.delete(`/policies/${policy.id}/rules/${rule.body.id}`)).body).toEqual({
        success: true,
      });
      expect((await api.get(`/policies/${policy.id}/rules/${rule.body.id}`)).status).toBe(404);

      const renamed = await api.patch<Policy>(`/policies/${policy.id}`, { name: 'Renamed' });
      expect(renamed.body).toMatchObject({ id: policy.id, name: 'Renamed', rules: policy.rules });
      const replaced = await api.patch<Policy>(`/policies/${policy.id}`, { rules: [allowTo(wallet)] });
      expect(replaced.body.rules).toHaveLength(1);
      expect(replaced.body.rules[0]!.conditions[0]!.value).toBe(wallet);

      expect((await api.delete(`/policies/${policy.id}`)).body).toEqual({ success: true });
      expect((await api.get(`/policies/${policy.id}`)).body.code).toBe('not_found');
    },
  );

  it('keeps an audit log of every change, newest first, with before and after', async () => {
    const { api } = await newBackend();
    const policy = (
      await api.post<Policy>('/policies', {
        version: '1.0',
        name: 'audited',
        chain_type: 'ethereum',
        rules: [],
      })
    ).body;
    const rule = (await api.post<PolicyRule>(`/policies/${policy.id}/rules`, allowTo())).body;
    await api.patch(`/policies/${policy.id}/rules/${rule.id}`, { ...allowTo(), name: 'changed' });
    await api.patch(`/policies/${policy.id}`, { name: 'audited 2' });
    await api.delete(`/policies/${policy.id}/rules/${rule.id}`);
    await api.delete(`/policies/${policy.id}`);
    const log = await api.get<{ data: Record<string, unknown>[]; next_cursor: string | null }>(
      `/policies/${policy.id}/audit`,
    );
    expect(log.status).toBe(200);
    expect(log.body.data.map((e) => [e.revision, e.action])).toEqual([
      [6, 'policy.deleted'],
      [5, 'rule.deleted'],
      [4, 'policy.updated'],
      [3, 'rule.updated'],
      [2, 'rule.created'],
      [1, 'policy.created'],
    ]);
    expect(log.body.data[3]).toMatchObject({
      rule_id: rule.id,
      before: { name: 'allow to' },
      after: { name: 'changed' },
      actor: 'app_secret',
    });
    expect(log.body.data[0]).toMatchObject({ before: { name: 'audited 2' }, after: null });
    const first = await api.get<{ data: { revision: number }[]; next_cursor: string }>(
      `/policies/${policy.id}/audit?limit=4`,
    );
    expect(first.body.data.map((e) => e.revision)).toEqual([6, 5, 4, 3]);
    const second = await api.get<{ data: { revision: number }[]; next_cursor: null }>(
      `/policies/${policy.id}/audit?limit=4&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toMatchObject({ data: [{ revision: 2 }, { revision: 1 }], next_cursor: null });
    expect((await api.get(`/policies/${'b'.repeat(24)}/audit`)).status).toBe(404);
    expect((await api.get(`/policies/${policy.id}/audit?cursor=nope`)).body.code).toBe('invalid_data');
    expect((await api.get(`/policies/${policy.id}/audit?limit=101`)).body.code).toBe('invalid_data');
  });

  it('refuses malformed policies with invalid_policy_format or invalid_data', async () => {
    const { api } = await newBackend();
    const create = (rules: unknown[], extra: Record<string, unknown> = {}) =>
      api.post('/policies', { version: '1.0', name: 'bad', chain_type: 'ethereum', rules, ...extra });
    const condition = (c: Record<string, unknown>) => [{ ...allowTo(), conditions: [c] }];
    const base = { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: to };
    const cases: [string, unknown[], Record<string, unknown>?][] = [
      ['unknown field_source', condition({ ...base, field_source: 'tron_transaction' })],
      ['field of another source', condition({ ...base, field: 'programId' })],
      [
        'solana source on ethereum',
        condition({ ...base, field_source: 'solana_program_instruction', field: 'programId' }),
      ],
      ['unknown operator', condition({ ...base, operator: 'like' })],
      ['numeric value', condition({ ...base, value: 5 })],
      ['list for eq', condition({ ...base, value: [to] })],
      ['string for in', condition({ ...base, operator: 'in', value: to })],
      ['list of numbers', condition({ ...base, operator: 'in', value: [1] })],
      [
        'calldata without abi',
        condition({ field_source: 'ethereum_calldata', field: 'transfer.to', operator: 'eq', value: to }),
      ],
      [
        'calldata field not in the abi',
        condition({
          field_source: 'ethereum_calldata',
          field: 'approve.amount',
          operator: 'eq',
          value: '1',
          abi: [{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }] }],
        }),
      ],
      [
        'typed data without types',
        condition({ field_source: 'ethereum_typed_data_message', field: 'to', operator: 'eq', value: to }),
      ],
      ['unknown condition set', condition({ ...base, operator: 'in_condition_set', value: 'c'.repeat(24) })],
      [
        'unknown aggregation',
        condition({
          field_source: 'reference',
          field: `aggregation.${'d'.repeat(24)}`,
          operator: 'lte',
          value: '1',
        }),
      ],
      ['solana method on ethereum', [{ ...allowTo(), method: 'signTransaction', conditions: [] }]],
      ['unknown method', [{ ...allowTo(), method: 'eth_mine' }]],
      ['rule name over 50', [{ ...allowTo(), name: 'x'.repeat(51) }]],
      ['action', [{ ...allowTo(), action: 'MAYBE' }]],
      ['rule not an object', ['rule']],
      [
        '__proto__ path',
        condition({ field_source: 'action_request_body', field: '__proto__.x', operator: 'eq', value: 'x' }),
      ],
    ];
    for (const [label, rules] of cases) {
      const res = await create(rules);
      expect({ label, status: res.status, code: res.body.code }).toEqual({
        label,
        status: 400,
        code: 'invalid_policy_format',
      });
    }
    for (const [label, extra] of [
      ['name over 50', { name: 'x'.repeat(51) }],
      ['chain_type', { chain_type: 'bitcoin' }],
      ['version', { version: '2.0' }],
      ['owner and owner_id', { owner: { user_id: 'did:privy:x' }, owner_id: 'abc' }],
      ['unknown owner_id', { owner_id: 'e'.repeat(24) }],
      ['owner key not P-256', { owner: { public_key: 'bm90IGEga2V5' } }],
    ] as const) {
      const res = await create([], extra);
      expect({ label, code: res.body.code }).toEqual({ label, code: 'invalid_data' });
    }
    const solana = await api.post<Policy>('/policies', {
      version: '1.0',
      name: 'sol',
      chain_type: 'solana',
      rules: [
        {
          name: 'r',
          method: 'signTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'solana_program_instruction',
              field: 'programId',
              operator: 'eq',
              value: '11111111111111111111111111111111',
            },
          ],
        },
      ],
    });
    expect(solana.status).toBe(200);
    const evmRule = await api.post(`/policies/${solana.body.id}/rules`, allowTo());
    expect(evmRule.body.code).toBe('invalid_policy_format');
    expect((await api.patch(`/policies/${solana.body.id}`, {})).body.code).toBe('invalid_data');
    // Another app's policy is as absent as one that never existed.
    const other = await newBackend();
    expect((await other.api.get(`/policies/${solana.body.id}`)).status).toBe(404);
    expect((await other.api.delete(`/policies/${solana.body.id}`)).status).toBe(404);
  });

  it('makes an owner a key quorum, whose signature every later write then needs', async () => {
    const { api } = await newBackend();
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    const res = await api.post<Policy>('/policies', {
      version: '1.0',
      name: 'owned',
      chain_type: 'ethereum',
      rules: [],
      owner: { public_key: key },
    });
    expect(res.status).toBe(200);
    expect(res.body.owner_id).toMatch(/^[a-z0-9]+$/);
    // The app secret alone no longer changes it.
    const unsigned = await api.patch(`/policies/${res.body.id}`, { name: 'hijacked' });
    expect({ status: unsigned.status, code: unsigned.body.code }).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    expect((await api.delete(`/policies/${res.body.id}`)).status).toBe(401);
    expect((await api.post(`/policies/${res.body.id}/rules`, allowTo())).status).toBe(401);
    expect((await api.get<Policy>(`/policies/${res.body.id}`)).body.name).toBe('owned');
    // owner_id names an existing quorum: the same one owns a condition set.
    const set = await api.post<{ owner_id: string }>('/condition_sets', {
      name: 'owned set',
      owner_id: res.body.owner_id,
    });
    expect(set.body.owner_id).toBe(res.body.owner_id);
  });

  it('evaluates a dry run with the rule trace, and condition sets with their items', async () => {
    const { api } = await newBackend();
    const set = await api.post<{ id: string }>('/condition_sets', { name: 'recipients' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ name: 'recipients', owner_id: null });
    const added = await api.post<{ id: string; value: string }[]>(
      `/condition_sets/${set.body.id}/condition_set_items`,
      [{ value: to.toLowerCase() }, { value: 'x1' }, { value: 'x1' }],
    );
    expect(added.status).toBe(200);
    expect(added.body.map((i) => i.value)).toEqual([to.toLowerCase(), 'x1']);
    const again = await api.post<{ id: string }[]>(`/condition_sets/${set.body.id}/condition_set_items`, [
      { value: 'x1' },
      { value: 'x2' },
    ]);
    expect(again.body[0]!.id).toBe(added.body[1]!.id);

    const policy = (
      await api.post<Policy>('/policies', {
        version: '1.0',
        name: 'set',
        chain_type: 'ethereum',
        rules: [
          {
            name: 'to in set',
            method: 'eth_sendTransaction',
            action: 'ALLOW',
            conditions: [
              {
                field_source: 'ethereum_transaction',
                field: 'to',
                operator: 'in_condition_set',
                value: set.body.id,
              },
            ],
          },
          {
            name: 'no big sends',
            method: 'eth_sendTransaction',
            action: 'DENY',
            conditions: [
              { field_source: 'ethereum_transaction', field: 'value', operator: 'gte', value: '1000' },
            ],
          },
        ],
      })
    ).body;
    const evaluate = (body: unknown) =>
      api.post<{ decision: string; trace: PolicyTrace }>(`/policies/${policy.id}/evaluate`, body);
    const allowed = await evaluate(send({ to, value: '0x10' }));
    expect(allowed.status).toBe(200);
    expect(allowed.body.decision).toBe('ALLOW');
    expect(allowed.body.trace.decided_by?.name).toBe('to in set');
    expect(allowed.body.trace.rules?.[0]?.conditions[0]).toMatchObject({ seen: to, result: true });
    const denied = await evaluate(send({ to, value: 1000 }));
    expect(denied.body).toMatchObject({ decision: 'DENY', trace: { decided_by: { name: 'no big sends' } } });
    const elsewhere = await evaluate(send({ to: wallet, value: '0x1' }));
    expect(elsewhere.body).toMatchObject({
      decision: 'DENY',
      trace: { decided_by: null, reason: 'No rule allowed it.' },
    });
    expect((await evaluate({ ...send({ to }), method: 'personal_sign' })).body.decision).toBe('DENY');

    // Replacing the set's items changes what the same policy allows.
    const replaced = await api.put<{ value: string }[]>(
      `/condition_sets/${set.body.id}/condition_set_items`,
      [{ value: wallet }],
    );
    expect(replaced.body.map((i) => i.value)).toEqual([wallet]);
    expect((await evaluate(send({ to, value: '0x10' }))).body.decision).toBe('DENY');
    expect(
      (await evaluate(send({ to: wallet.toUpperCase().replace('0X', '0x'), value: '0x10' }))).body.decision,
    ).toBe('ALLOW');
  });

  it('pages, filters, reads and deletes condition set items; refuses hostile item bodies', async () => {
    const { api } = await newBackend();
    const set = (await api.post<{ id: string }>('/condition_sets', { name: 'many' })).body;
    const path = `/condition_sets/${set.id}/condition_set_items`;
    const values = Array.from({ length: 150 }, (_, i) => `value-${String(i).padStart(3, '0')}`);
    expect(
      (
        await api.post(
          path,
          values.slice(0, 100).map((value) => ({ value })),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await api.post(
          path,
          values.slice(100).map((value) => ({ value })),
        )
      ).status,
    ).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { value: string }[]; next_cursor: string | null } } =
        await api.get(`${path}?limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i) => i.value));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(values);
    const filtered = await api.get<{ items: { id: string; value: string }[] }>(`${path}?query=value-14`);
    expect(filtered.body.items.map((i) => i.value).sort()).toEqual(values.slice(140));
    const item = filtered.body.items[0]!;
    expect((await api.get(`${path}/${item.id}`)).body).toMatchObject({
      id: item.id,
      condition_set_id: set.id,
    });
    expect((await api.delete(`${path}/${item.id}`)).body).toEqual({ success: true });
    expect((await api.get(`${path}/${item.id}`)).status).toBe(404);
    expect(
      (await api.patch<{ name: string }>(`/condition_sets/${set.id}`, { name: 'renamed' })).body.name,
    ).toBe('renamed');

    const hostile: [string, string | undefined][] = [
      ['malformed', '['],
      ['object', '{"value":"x"}'],
      ['string', '"x"'],
      ['null', 'null'],
      ['empty', undefined],
      ['101 items', JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ value: `v${i}` })))],
      ['number value', '[{"value":5}]'],
      ['empty value', '[{"value":""}]'],
      ['long value', JSON.stringify([{ value: 'x'.repeat(10_000) }])],
      ['NUL', JSON.stringify([{ value: 'a\u0000b' }])],
      ['deep', `[${'['.repeat(3000)}${']'.repeat(3000)}]`],
    ];
    for (const method of ['POST', 'PUT']) {
      for (const [label, raw] of hostile) {
        const res = await api.call(method, path, undefined, raw ?? '');
        expect({ method, label, status: res.status, code: res.body.code }).toEqual({
          method,
          label,
          status: 400,
          code: 'invalid_data',
        });
      }
      const polluted = await api.call<{ value: string }[]>(
        method,
        path,
        undefined,
        '[{"value":"ok","__proto__":{"polluted":true}}]',
      );
      expect(polluted.status).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      for (const value of ["' OR 1=1 --", '\u202Egnp.exe 👩‍💻']) {
        const res = await api.call<{ value: string }[]>(method, path, [{ value }]);
        expect(res.body.map((i) => i.value)).toEqual([value]);
      }
      const absent = await api.call(method, `/condition_sets/${'f'.repeat(24)}/condition_set_items`, [
        { value: 'x' },
      ]);
      expect(absent.body.code).toBe('not_found');
    }
    expect((await api.get(`${path}?query=${encodeURIComponent("' OR 1=1 --")}`)).status).toBe(200);
    expect((await api.get(`${path}?cursor=${encodeURIComponent("' OR 1=1")}`)).body.code).toBe(
      'invalid_data',
    );
    expect((await api.delete(`/condition_sets/${set.id}`)).body).toEqual({ success: true });
    expect((await api.get(path)).status).toBe(404);
  });

  it('creates, reads and deletes aggregations; validates them', async () => {
    const { api } = await newBackend();
    const body = {
      name: 'daily spend',
      method: 'eth_signTransaction',
      metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
      window: { type: 'rolling', seconds: 86_400 },
      group_by: [{ field_source: 'ethereum_transaction', field: 'to' }],
    };
    const created = await api.post<{ id: string }>('/aggregations', body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...body, owner_id: null });
    expect((await api.get(`/aggregations/${created.body.id}`)).body).toEqual(created.body);
    for (const [label, patch, code] of [
      ['window under an hour', { window: { type: 'rolling', seconds: 60 } }, 'invalid_data'],
      ['window over 72 h', { window: { type: 'rolling', seconds: 73 * 3600 } }, 'invalid_data'],
      ['method', { method: 'personal_sign' }, 'invalid_data'],
      [
        'metric source',
        { metric: { field_source: 'reference', field: 'aggregation.x', function: 'sum' } },
        'invalid_policy_format',
      ],
      [
        'metric field',
        { metric: { field_source: 'ethereum_transaction', field: 'gas', function: 'sum' } },
        'invalid_policy_format',
      ],
      [
        'three group_by',
        { group_by: [body.group_by[0], body.group_by[0], body.group_by[0]] },
        'invalid_data',
      ],
    ] as const) {
      const res = await api.post('/aggregations', { ...body, ...patch });
      expect({ label, code: res.body.code }).toEqual({ label, code });
    }
    expect((await api.delete(`/aggregations/${created.body.id}`)).body).toEqual({ success: true });
    expect((await api.get(`/aggregations/${created.body.id}`)).status).toBe(404);
  });

  describe('enforcement with aggregations', () => {
    async function limited(limit: string, method = 'eth_sendTransaction') {
      const { appId, api } = await newBackend();
      const aggregation = (
        await api.post<{ id: string }>('/aggregations', {
          name: 'hourly value',
          method,
          metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
          window: { type: 'rolling', seconds: 3600 },
        })
      ).body;
      const policy = (
        await api.post<Policy>('/policies', {
          version: '1.0',
          name: 'limit',
          chain_type: 'ethereum',
          rules: [
            {
              name: 'within the hourly limit',
              method,
              action: 'ALLOW',
              conditions: [
                {
                  field_source: 'reference',
                  field: `aggregation.${aggregation.id}`,
                  operator: 'lte',
                  value: limit,
                },
              ],
            },
          ],
        })
      ).body;
      return { appId, api, policy, aggregation };
    }
    const request = (value: string, method = 'eth_sendTransaction', from = wallet): PolicyRequest => ({
      method,
      chainType: 'ethereum',
      walletAddress: from,
      caip2: 'eip155:31337',
      params: { transaction: { to, value } },
      body: {},
    });

    it('a wallet without a policy is unrestricted; a missing policy denies', async () => {
      const { appId } = await newBackend();
      const grant = await enforcePolicies(t.ctx, appId, [], request('0x1'));
      expect(grant.decisions).toEqual([]);
      await grant.release();
      await expect(enforcePolicies(t.ctx, appId, ['g'.repeat(24)], request('0x1'))).rejects.toMatchObject({
        code: 'policy_violation',
      });
    });

    it('admits exactly 10 of 20 concurrent requests against a limit of 10, and release gives room back', async () => {
      const { appId, policy } = await limited('1000');
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => enforcePolicies(t.ctx, appId, [policy.id], request('100'))),
      );
      const allowed = results.filter((r) => r.status === 'fulfilled');
      const denied = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(allowed).toHaveLength(10);
      expect(denied).toHaveLength(10);
      for (const { reason } of denied) {
        expect(reason).toMatchObject({ code: 'policy_violation', status: 400 });
        expect(String(reason.message)).toContain('no rule allowed it');
        expect(reason.data.trace.rules[0].conditions[0]).toMatchObject({ seen: '1100', result: false });
      }
      // Another wallet has its own window.
      await expect(
        enforcePolicies(t.ctx, appId, [policy.id], request('100', undefined, to)),
      ).resolves.toBeDefined();
      // A failed send releases its reservation: the next request fits again.
      const grant = (allowed[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof enforcePolicies>>>).value;
      await grant.release();
      await grant.release();
      await expect(enforcePolicies(t.ctx, appId, [policy.id], request('100'))).resolves.toBeDefined();
      await expect(enforcePolicies(t.ctx, appId, [policy.id], request('1'))).rejects.toMatchObject({
        code: 'policy_violation',
      });
    });

    it('the window rolls: reservations older than the window count no more', async () => {
      const { appId, policy } = await limited('100', 'eth_signTransaction');
      await enforcePolicies(t.ctx, appId, [policy.id], request('0x64', 'eth_signTransaction'));
      await expect(
        enforcePolicies(t.ctx, appId, [policy.id], request('1', 'eth_signTransaction')),
      ).rejects.toMatchObject({ code: 'policy_violation' });
      t.advance(3601);
      await expect(
        enforcePolicies(t.ctx, appId, [policy.id], request('0x64', 'eth_signTransaction')),
      ).resolves.toBeDefined();
    });

    it('the dry run reads the aggregation without reserving', async () => {
      const { appId, api, policy } = await limited('150');
      await enforcePolicies(t.ctx, appId, [policy.id], request('100'));
      const dry = await api.post<{ decision: string; trace: PolicyTrace }>(
        `/policies/${policy.id}/evaluate`,
        {
          method: 'eth_sendTransaction',
          params: { transaction: { to, value: '50' } },
          address: wallet,
        },
      );
      expect(dry.body.decision).toBe('ALLOW');
      expect(dry.body.trace.rules?.[0]?.conditions[0]?.seen).toBe('150');
      await expect(enforcePolicies(t.ctx, appId, [policy.id], request('50'))).resolves.toBeDefined();
    });

    it('denies with the deciding rule named and the calldata decoded', async () => {
      const { appId, api } = await newBackend();
      const abi = [
        {
          type: 'function',
          name: 'transfer',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [{ name: '', type: 'bool' }],
          stateMutability: 'nonpayable',
        },
      ] as const;
      const policy = (
        await api.post<Policy>('/policies', {
          version: '1.0',
          name: 'erc20',
          chain_type: 'ethereum',
          rules: [
            { name: 'any send', method: 'eth_sendTransaction', action: 'ALLOW', conditions: [] },
            {
              name: 'no big transfers',
              method: 'eth_sendTransaction',
              action: 'DENY',
              conditions: [
                {
                  field_source: 'ethereum_calldata',
                  field: 'transfer.amount',
                  operator: 'gt',
                  value: '1000',
                  abi,
                },
              ],
            },
          ],
        })
      ).body;
      const data = (amount: bigint) =>
        encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] });
      const tx = (amount: bigint): PolicyRequest => ({
        ...request('0'),
        params: { transaction: { to: wallet, data: data(amount) } },
      });
      await expect(enforcePolicies(t.ctx, appId, [policy.id], tx(1000n))).resolves.toBeDefined();
      await expect(enforcePolicies(t.ctx, appId, [policy.id], tx(1001n))).rejects.toMatchObject({
        code: 'policy_violation',
        message: expect.stringContaining('denied by rule "no big transfers"'),
      });
    });
  });
});

describe.each(dialects)('@privy-io/node policies against Latchkey (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes a policy and its rules', async () => {
    const { app, secret } = await t.createApp();
    const privy = new PrivyClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
    const policy = await privy.policies().create({
      version: '1.0',
      name: 'SDK policy',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Allow one recipient',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [{ field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: to }],
        },
      ],
    });
    expect(policy).toMatchObject({ version: '1.0', name: 'SDK policy', owner_id: null });
    expect(await privy.policies().get(policy.id)).toEqual(policy);

    const rule = await privy.policies().createRule(policy.id, {
      name: 'Deny big values',
      method: 'eth_sendTransaction',
      action: 'DENY',
      conditions: [
        { field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '0x2386F26FC10000' },
      ],
    });
    expect(rule.id).toMatch(/^[a-z0-9]{24}$/);
    expect(await privy.policies().getRule(rule.id, { policy_id: policy.id })).toEqual(rule);
    const updatedRule = await privy.policies().updateRule(rule.id, {
      policy_id: policy.id,
      name: 'Deny bigger values',
      method: 'eth_sendTransaction',
      action: 'DENY',
      conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '8453' }],
    });
    expect(updatedRule).toMatchObject({ id: rule.id, name: 'Deny bigger values' });
    const updated = await privy.policies().update(policy.id, { name: 'SDK policy 2' });
    expect(updated).toMatchObject({ id: policy.id, name: 'SDK policy 2' });
    expect(updated.rules).toHaveLength(2);
    expect(await privy.policies().deleteRule(rule.id, { policy_id: policy.id })).toEqual({ success: true });
    expect(await privy.policies().delete(policy.id, {})).toEqual({ success: true });
    await expect(privy.policies().get(policy.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      privy.policies().create({ version: '1.0', name: 'x'.repeat(51), chain_type: 'ethereum', rules: [] }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('changes an owned policy only with the owner’s authorization signature', async () => {
    const { app, secret } = await t.createApp();
    const privy = new PrivyClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
    const owner = await generateP256KeyPair();
    const policy = await privy.policies().create({
      version: '1.0',
      name: 'Owned',
      chain_type: 'ethereum',
      rules: [],
      owner: { public_key: owner.publicKey },
    });
    expect(policy.owner_id).toEqual(expect.any(String));
    await expect(privy.policies().update(policy.id, { name: 'unsigned' })).rejects.toMatchObject({
      status: 401,
    });
    const stranger = await generateP256KeyPair();
    await expect(
      privy.policies().update(policy.id, {
        name: 'stranger',
        authorization_context: { authorization_private_keys: [stranger.privateKey] },
      }),
    ).rejects.toMatchObject({ status: 401 });
    const signed = { authorization_context: { authorization_private_keys: [owner.privateKey] } };
    expect(await privy.policies().update(policy.id, { name: 'Signed', ...signed })).toMatchObject({
      name: 'Signed',
    });
    const rule = await privy.policies().createRule(policy.id, {
      name: 'Allow all sends',
      method: 'eth_sendTransaction',
      action: 'ALLOW',
      conditions: [],
      ...signed,
    });
    expect(await privy.policies().deleteRule(rule.id, { policy_id: policy.id, ...signed })).toEqual({
      success: true,
    });
    expect(await privy.policies().delete(policy.id, signed)).toEqual({ success: true });
    const log = await fetch(`${t.url}/v1/policies/${policy.id}/audit`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
        'privy-app-id': app.id,
      },
    }).then((r) => r.json() as Promise<{ data: { action: string; actor: string }[] }>);
    expect(log.data.map((e) => [e.action, e.actor])).toEqual([
      ['policy.deleted', `key_quorum:${policy.owner_id}`],
      ['rule.deleted', `key_quorum:${policy.owner_id}`],
      ['rule.created', `key_quorum:${policy.owner_id}`],
      ['policy.updated', `key_quorum:${policy.owner_id}`],
      ['policy.created', 'app_secret'],
    ]);
  });
});
