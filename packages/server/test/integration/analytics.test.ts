import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('analytics events (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const stored = (appId: string) =>
    t.ctx.db.selectFrom('analytics_events').selectAll().where('app_id', '=', appId).execute();

  it('stores a well-formed event and answers {}', async () => {
    const { app, client } = await t.createApp();
    const clientTimestamp = new Date().toISOString();
    const res = await client.post('/api/v1/analytics_events', {
      event_name: 'sdk_initialize',
      client_id: 'client-123',
      payload: { clientTimestamp },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const rows = await stored(app.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_name: 'sdk_initialize', client_id: 'client-123' });
    expect(JSON.parse(rows[0]!.payload!)).toEqual({ clientTimestamp });
    expect(Number(rows[0]!.created_at)).toBeGreaterThan(1_600_000_000);
  });

  it('takes the client id from privy-ca-id when the body has none', async () => {
    const { app, client } = await t.createApp();
    const res = await client.post(
      '/api/v1/analytics_events',
      { event_name: 'modal_open' },
      { headers: { 'privy-ca-id': 'ca-uuid' } },
    );
    expect(res).toMatchObject({ status: 200, body: {} });
    const rows = await stored(app.id);
    expect(rows).toEqual([
      expect.objectContaining({ event_name: 'modal_open', client_id: 'ca-uuid', payload: null }),
    ]);
  });

  it('bad bodies still answer 200 {} and store nothing', async () => {
    const { app, client } = await t.createApp();
    const bodies: { raw: string }[] = [
      { raw: '' },
      { raw: '{not json' },
      { raw: 'null' },
      { raw: '[]' },
      { raw: '"sdk_initialize"' },
      { raw: '{}' },
      { raw: JSON.stringify({ event_name: '' }) },
      { raw: JSON.stringify({ event_name: 42 }) },
      { raw: JSON.stringify({ event_name: 'x'.repeat(101) }) },
      { raw: JSON.stringify({ event_name: 'ok', client_id: 7 }) },
      { raw: JSON.stringify({ event_name: 'ok', payload: 'text' }) },
      { raw: JSON.stringify({ event_name: 'ok', payload: [1, 2] }) },
    ];
    for (const { raw } of bodies) {
      const res = await client.request('/api/v1/analytics_events', { method: 'POST', raw });
      expect(res.status, raw).toBe(200);
      expect(res.body, raw).toEqual({});
    }
    expect(await stored(app.id)).toEqual([]);
  });

  it('an oversized payload is dropped but the event is kept', async () => {
    const { app, client } = await t.createApp();
    const res = await client.post('/api/v1/analytics_events', {
      event_name: 'big',
      payload: { blob: 'x'.repeat(10_000) },
    });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(await stored(app.id)).toEqual([expect.objectContaining({ event_name: 'big', payload: null })]);
  });
});
