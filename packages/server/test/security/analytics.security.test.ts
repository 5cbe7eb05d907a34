import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEntries } from '../../src/features.ts';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';
import { sweepExpired } from '../../src/storage/retention.ts';

const day = 24 * 60 * 60;

/**
 * `POST /analytics_events` takes anyone's events (it answers `{}` whatever happens), so what one
 * client may store is capped: per client id, and per app in all.
 */
describe.each(dialects)('analytics caps (%s)', (dialect) => {
  let t: TestServer;
  const cap = 5;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rateLimitsEnabled: true, analyticsMaxEventsPerApp: cap },
    });
  });
  afterAll(() => t.close());

  const stored = async (appId: string) =>
    (await t.ctx.db.selectFrom('analytics_events').select('client_id').where('app_id', '=', appId).execute())
      .length;

  it('an app stores at most analyticsMaxEventsPerApp events, even when they race', async () => {
    const { client } = await t.createApp();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.post('/api/v1/analytics_events', { event_name: 'flood', client_id: `c${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await stored(client.appId)).toBe(cap);
    // Another app has its own room.
    const other = await t.createApp();
    await other.client.post('/api/v1/analytics_events', { event_name: 'fine' });
    expect(await stored(other.client.appId)).toBe(1);
    // Once the sweep has deleted old events, there is room again.
    t.advance(t.ctx.settings.analyticsRetentionDays * day + 1);
    await sweepExpired(t.ctx, sweepEntries());
    await client.post('/api/v1/analytics_events', { event_name: 'later', client_id: 'late' });
    t.advance(-(t.ctx.settings.analyticsRetentionDays * day + 1));
    expect(await stored(client.appId)).toBe(1);
  });

  describe('per client', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer(dialect, { settings: { rateLimitsEnabled: true } });
    });
    afterAll(() => limited.close());

    it('one client id (body or privy-ca-id) stores at most its budget; other clients are unaffected', async () => {
      const { client } = await limited.createApp();
      const budget = rateLimitBudgets.analyticsClient.points;
      for (let i = 0; i < budget + 5; i++) {
        const res = await client.post(
          '/api/v1/analytics_events',
          { event_name: 'spam' },
          { headers: { 'privy-ca-id': 'one-install' } },
        );
        expect(res).toMatchObject({ status: 200, body: {} });
      }
      await client.post('/api/v1/analytics_events', { event_name: 'spam', client_id: 'one-install' });
      await client.post('/api/v1/analytics_events', { event_name: 'other', client_id: 'another-install' });
      const rows = await limited.ctx.db
        .selectFrom('analytics_events')
        .select('client_id')
        .where('app_id', '=', client.appId)
        .execute();
      expect(rows.filter((r) => r.client_id === 'one-install')).toHaveLength(budget);
      expect(rows.filter((r) => r.client_id === 'another-install')).toHaveLength(1);
      expect(limited.logs.filter((l) => l.includes('analytics event dropped'))).toEqual([]);
    });
  });
});
