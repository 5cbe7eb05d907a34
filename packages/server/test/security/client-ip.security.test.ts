import { startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';

/**
 * The client IP keys every per-client rate limit. Behind a trusted proxy it comes from
 * `X-Forwarded-For`, whose left-hand entries the client writes itself: rotating them must not
 * buy a fresh budget.
 */
describe('client IP behind a trusted proxy (LATCHKEY_TRUST_PROXY)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { settings: { rateLimitsEnabled: true, trustProxy: 1 } });
  });
  afterAll(() => t.close());

  it('spoofed left-hand X-Forwarded-For entries do not escape the per-IP send budget', async () => {
    const { client } = await t.createApp();
    const budget = rateLimitBudgets.sendCodeIp.points;
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i++) {
      const init = await client.post(
        '/api/v1/passwordless/init',
        { email: `spoof-${i}@example.com` },
        // What the proxy forwards: whatever the client claimed, then the address it really saw.
        { headers: { 'x-forwarded-for': `10.0.${i}.1, 203.0.113.7` } },
      );
      statuses.push(init.status);
    }
    expect(statuses.slice(0, budget).every((s) => s === 200)).toBe(true);
    expect(statuses[budget]).toBe(429);
    // Another client behind the same proxy has its own budget.
    const other = await client.post(
      '/api/v1/passwordless/init',
      { email: 'other-client@example.com' },
      { headers: { 'x-forwarded-for': '203.0.113.8' } },
    );
    expect(other.status).toBe(200);
  });
});
