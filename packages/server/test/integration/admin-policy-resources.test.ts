/**
 * The dashboard's condition sets and aggregations (`/admin/v1/apps/:id/condition_sets`,
 * `/aggregations`) on both dialects: made, listed newest first, opened (a set with a page of its
 * items), renamed, items added and removed, deleted; checked as the REST API checks them (the same
 * `invalid_policy_format` field); used by a policy the admin writes; never given an owner; an owned
 * one (made by the backend) read but never changed, down to the store's guard for one owned since
 * it was read. Hostile item bodies, which the generated suite does not shape, are here.
 */

import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { generateP256KeyPair } from '@privy-io/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAggregation } from '../../src/server-wallets/policies/aggregations.ts';
import {
  addConditionSetItems,
  deleteConditionSet,
  deleteConditionSetItem,
  updateConditionSet,
} from '../../src/server-wallets/policies/condition-sets.ts';
import { appCallers } from './app-callers.ts';

const recipient = '0x52908400098527886E0F7030069857D2E4169EE7';
const other = '0x000000000000000000000000000000000000dEaD';
const sumOfValues = {
  name: 'Daily sends',
  method: 'eth_sendTransaction',
  metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
  window: { type: 'rolling', seconds: 86_400 },
};

describe.each(dialects)('admin condition sets and aggregations (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  let secret: string;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    const created = await t.createApp();
    appId = created.app.id;
    secret = created.secret;
  });
  afterAll(async () => {
    await t?.close();
  });

  const { admin, server } = appCallers(() => ({ t, appId, secret }));

  it('makes a set, adds and pages its items, renames it, removes an item, deletes it', async () => {
    const made = await admin('POST', '/condition_sets', { name: 'Recipients' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ name: 'Recipients', owner_id: null, item_count: 0 });
    const setId = made.body.id as string;
    const items = `/condition_sets/${setId}/condition_set_items`;

    const added = await admin('POST', items, { items: [{ value: recipient }, { value: other }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [first, second] = added.body as unknown as { id: string; value: string }[];
    expect([first?.value, second?.value]).toEqual([recipient, other]);
    // A value already there stays as it was (same id); a repeat in one call counts once.
    const again = await admin('POST', items, {
      items: [{ value: recipient }, { value: 'c' }, { value: 'c' }],
    });
    expect((again.body as unknown as { id: string }[]).map((i) => i.id)[0]).toBe(first?.id);

    const listed = await admin('GET', '/condition_sets');
    expect(listed.body.data).toMatchObject([{ id: setId, item_count: 3 }]);
    // Items page oldest first; those of one call share a time, so their order among them is the id's.
    const page = await admin('GET', `/condition_sets/${setId}?limit=2`);
    expect(page.body).toMatchObject({ id: setId, name: 'Recipients', item_count: 3 });
    expect(page.body.items).toHaveLength(2);
    const rest = await admin('GET', `/condition_sets/${setId}?limit=2&cursor=${page.body.next_cursor}`);
    expect(rest.body.next_cursor).toBeNull();
    expect([...(page.body.items ?? []), ...(rest.body.items ?? [])].map((i) => i.value).sort()).toEqual(
      [recipient, other, 'c'].sort(),
    );

    const renamed = await admin('PATCH', `/condition_sets/${setId}`, { name: 'Payees' });
    expect(renamed.body).toMatchObject({ id: setId, name: 'Payees', item_count: 3 });
    expect((await server('GET', `/condition_sets/${setId}`)).body.name).toBe('Payees');

    const removed = await admin('DELETE', `${items}/${second?.id}`);
    expect(removed.body).toEqual({ success: true });
    expect((await admin('DELETE', `${items}/${second?.id}`)).status).toBe(404);
    expect((await admin('GET', `/condition_sets/${setId}`)).body.items?.map((i) => i.value).sort()).toEqual(
      [recipient, 'c'].sort(),
    );

    expect((await admin('DELETE', `/condition_sets/${setId}`)).body).toEqual({ success: true });
    expect((await admin('GET', `/condition_sets/${setId}`)).status).toBe(404);
    expect((await server('GET', `/condition_sets/${setId}`)).status).toBe(404);
  });

  it('refuses bad names and hostile item bodies with invalid_data, naming the field', async () => {
    const long = await admin('POST', '/condition_sets', { name: 'x'.repeat(101) });
    expect(long).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect(long.body.error).toMatch(/^Invalid name: /);
    expect((await admin('POST', '/condition_sets', { name: '' })).status).toBe(400);

    const setId = (await admin('POST', '/condition_sets', { name: 'Hostile' })).body.id as string;
    const items = `/condition_sets/${setId}/condition_set_items`;
    const hostile: [string, string][] = [
      ['a bare array (the REST body)', JSON.stringify([{ value: 'x' }])],
      ['items not an array', '{"items":{"value":"x"}}'],
      ['101 items', JSON.stringify({ items: Array.from({ length: 101 }, (_, i) => ({ value: `v${i}` })) })],
      ['a number value', '{"items":[{"value":5}]}'],
      ['an empty value', '{"items":[{"value":""}]}'],
      ['a 10k value', JSON.stringify({ items: [{ value: 'x'.repeat(10_000) }] })],
      ['NUL', JSON.stringify({ items: [{ value: 'a\u0000b' }] })],
      ['deep', `{"items":${'['.repeat(3000)}${']'.repeat(3000)}}`],
    ];
    for (const [label, raw] of hostile) {
      const res = await admin('POST', items, undefined, raw);
      expect({ label, status: res.status, code: res.body.code }).toEqual({
        label,
        status: 400,
        code: 'invalid_data',
      });
    }
    const empty = await admin('POST', items, { items: [{ value: '' }] });
    expect(empty.body.error).toMatch(/^Invalid items\.0\.value: /);
    expect((await admin('GET', `/condition_sets/${setId}`)).body.item_count).toBe(0);
    expect((await admin('GET', `/condition_sets/${setId}?limit=0`)).body.code).toBe('invalid_data');
    expect((await admin('GET', `/condition_sets/${setId}?cursor=%%%`)).body.code).toBe('invalid_data');
    expect((await admin('GET', '/condition_sets?cursor=nope')).body.code).toBe('invalid_data');
  });

  it('checks aggregations as the REST API does, and a policy uses a set and an aggregation', async () => {
    const badField = await admin('POST', '/aggregations', {
      ...sumOfValues,
      metric: { ...sumOfValues.metric, field: 'gas' },
    });
    expect(badField).toMatchObject({ status: 400, body: { code: 'invalid_policy_format' } });
    expect(badField.body.error).toMatch(/^Invalid metric\.field: /);
    const badSource = await admin('POST', '/aggregations', {
      ...sumOfValues,
      metric: { ...sumOfValues.metric, field_source: 'reference', field: 'aggregation.x' },
    });
    expect(badSource.body.error).toMatch(/^Invalid metric\.field_source: /);
    const shortWindow = await admin('POST', '/aggregations', {
      ...sumOfValues,
      window: { type: 'rolling', seconds: 60 },
    });
    expect(shortWindow.body).toMatchObject({ code: 'invalid_data', error: /^Invalid window\.seconds: / });
    const badCondition = await admin('POST', '/aggregations', {
      ...sumOfValues,
      conditions: [{ field_source: 'ethereum_transaction', field: 'nope', operator: 'eq', value: '1' }],
    });
    expect(badCondition.body.error).toMatch(/^Invalid conditions\[0\]\.field: /);

    const setId = (await admin('POST', '/condition_sets', { name: 'Payees' })).body.id as string;
    await admin('POST', `/condition_sets/${setId}/condition_set_items`, { items: [{ value: recipient }] });
    const made = await admin('POST', '/aggregations', {
      ...sumOfValues,
      conditions: [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'in_condition_set', value: setId },
      ],
      group_by: [{ field_source: 'ethereum_transaction', field: 'to' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ ...sumOfValues, owner_id: null, group_by: [{ field: 'to' }] });
    const aggregationId = made.body.id as string;
    expect((await admin('GET', `/aggregations/${aggregationId}`)).body).toEqual(made.body);
    expect((await server('GET', `/aggregations/${aggregationId}`)).body).toEqual(made.body);
    expect((await admin('GET', '/aggregations')).body.data?.[0]).toEqual(made.body);

    // A policy written in the dashboard: to a payee of the set, within the window's total.
    const policy = await admin('POST', '/policies', {
      name: 'Payees only',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Payees, 1 ETH a day',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            { field_source: 'ethereum_transaction', field: 'to', operator: 'in_condition_set', value: setId },
            {
              field_source: 'reference',
              field: `aggregation.${aggregationId}`,
              operator: 'lte',
              value: '1000000000000000000',
            },
          ],
        },
      ],
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const dryRun = (to: string) =>
      admin('POST', `/policies/${policy.body.id as string}/evaluate`, {
        method: 'eth_sendTransaction',
        caip2: 'eip155:1',
        params: { transaction: { to, value: '0x1000' } },
        address: other,
      });
    expect((await dryRun(recipient)).body.decision).toBe('ALLOW');
    expect((await dryRun(other)).body.decision).toBe('DENY');
    const missing = await admin('POST', '/policies', {
      name: 'Nothing',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Unknown set',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'ethereum_transaction',
              field: 'to',
              operator: 'in_condition_set',
              value: 'a'.repeat(24),
            },
          ],
        },
      ],
    });
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_policy_format' } });

    expect((await admin('DELETE', `/aggregations/${aggregationId}`)).body).toEqual({ success: true });
    expect((await admin('GET', `/aggregations/${aggregationId}`)).status).toBe(404);
    expect((await admin('DELETE', `/aggregations/${aggregationId}`)).status).toBe(404);
  });

  it('never sets an owner; reads an owned set or aggregation but never changes it', async () => {
    const key = await generateP256KeyPair();
    const quorum = await server('POST', '/key_quorums', { public_keys: [key.publicKey] });
    expect(quorum.status, JSON.stringify(quorum.body)).toBe(200);
    // An owner in the admin's body is not the admin's to give: it is dropped.
    const unowned = await admin('POST', '/condition_sets', { name: 'Mine', owner_id: quorum.body.id });
    expect(unowned.body.owner_id).toBeNull();
    const aggregation = await admin('POST', '/aggregations', { ...sumOfValues, owner_id: quorum.body.id });
    expect(aggregation.body.owner_id).toBeNull();

    const ownedSet = await server('POST', '/condition_sets', {
      name: 'Owned',
      owner: { public_key: key.publicKey },
    });
    const ownedAggregation = await server('POST', '/aggregations', {
      ...sumOfValues,
      owner_id: quorum.body.id,
    });
    expect(ownedSet.body.owner_id).toEqual(expect.any(String));
    expect(ownedAggregation.body.owner_id).toBe(quorum.body.id);
    const setId = ownedSet.body.id as string;
    const items = `/condition_sets/${setId}/condition_set_items`;
    // The backend fills it (with the owner's signature the REST API would ask for on a change).
    const itemId = ((await addConditionSetItems(t.ctx, appId, setId, [recipient])) as { id: string }[])[0]!
      .id;

    expect((await admin('GET', `/condition_sets/${setId}`)).body).toMatchObject({
      owner_id: ownedSet.body.owner_id,
      item_count: 1,
    });
    expect((await admin('GET', '/condition_sets')).body.data?.map((s) => s.id)).toContain(setId);
    expect((await admin('GET', `/aggregations/${ownedAggregation.body.id}`)).body).toMatchObject({
      owner_id: quorum.body.id,
    });
    const refusals = [
      await admin('PATCH', `/condition_sets/${setId}`, { name: 'Taken over' }),
      await admin('POST', items, { items: [{ value: other }] }),
      await admin('DELETE', `${items}/${itemId}`),
      await admin('DELETE', `/condition_sets/${setId}`),
      await admin('DELETE', `/aggregations/${ownedAggregation.body.id}`),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
      expect(refused.body.error).toMatch(/has an owner/);
    }
    const after = await admin('GET', `/condition_sets/${setId}`);
    expect(after.body).toMatchObject({ name: 'Owned', item_count: 1 });
    expect((await server('GET', `/aggregations/${ownedAggregation.body.id}`)).status).toBe(200);

    // The store's guard: a write the dashboard made after reading the set unowned changes nothing.
    const only = { unownedOnly: true };
    const guarded = [
      () => updateConditionSet(t.ctx, appId, setId, { name: 'Raced' }, only),
      () => deleteConditionSet(t.ctx, appId, setId, only),
      () => addConditionSetItems(t.ctx, appId, setId, [other], only),
      () => deleteConditionSetItem(t.ctx, setId, itemId, only),
      () => deleteAggregation(t.ctx, appId, ownedAggregation.body.id as string, only),
    ];
    for (const write of guarded) await expect(write()).rejects.toMatchObject({ code: 'invalid_data' });
    expect((await admin('GET', `/condition_sets/${setId}`)).body).toMatchObject({
      name: 'Owned',
      item_count: 1,
    });
    // Gone is still 404, not "has an owner".
    await expect(deleteAggregation(t.ctx, appId, 'z'.repeat(24), only)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it("shows nothing of another app's and answers 404 for an unknown app", async () => {
    const theirs = await t.createApp();
    const call = (path: string, body?: unknown) =>
      t.fetch(`/api/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${theirs.app.id}:${theirs.secret}`).toString('base64')}`,
          'privy-app-id': theirs.app.id,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const set = (await (await call('/condition_sets', { name: 'Theirs' })).json()) as { id: string };
    const aggregation = (await (await call('/aggregations', sumOfValues)).json()) as { id: string };
    expect((await admin('GET', `/condition_sets/${set.id}`)).status).toBe(404);
    expect((await admin('PATCH', `/condition_sets/${set.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await admin('DELETE', `/condition_sets/${set.id}`)).status).toBe(404);
    expect((await admin('GET', `/aggregations/${aggregation.id}`)).status).toBe(404);
    expect((await admin('DELETE', `/aggregations/${aggregation.id}`)).status).toBe(404);
    expect((await admin('GET', '/condition_sets')).body.data?.some((s) => s.id === set.id)).toBe(false);
    expect((await admin('GET', '/aggregations')).body.data?.some((a) => a.id === aggregation.id)).toBe(false);
    const noApp = await t.fetch('/admin/v1/apps/nosuchapp/condition_sets', {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    expect(noApp.status).toBe(404);
  });
});
