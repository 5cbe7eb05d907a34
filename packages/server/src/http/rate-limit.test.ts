import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createRateLimits, rateLimitBudgets } from './rate-limit.ts';

async function exhaust(consume: () => Promise<void>, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await consume();
}

describe('rate limits', () => {
  it('allow the budget, then refuse with too_many_requests, per key', async () => {
    const limits = createRateLimits({ enabled: true });
    const budget = rateLimitBudgets.sendCodeIdentifier.points;
    await exhaust(() => limits.consume('sendCodeIdentifier', 'a@example.com'), budget);
    const refused = await limits.consume('sendCodeIdentifier', 'a@example.com').catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'too_many_requests', status: 429 });
    // When the bucket refills (Retry-After): within its duration, never zero.
    expect(refused.retryAfterSeconds).toBeGreaterThan(rateLimitBudgets.sendCodeIdentifier.duration - 5);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(rateLimitBudgets.sendCodeIdentifier.duration);
    // Another identifier has its own budget.
    await expect(limits.consume('sendCodeIdentifier', 'b@example.com')).resolves.toBeUndefined();
  });

  it('assertNotSpent takes no point, and refuses once the budget is spent', async () => {
    const limits = createRateLimits({ enabled: true });
    const budget = rateLimitBudgets.adminAuthIp.points;
    await exhaust(() => limits.assertNotSpent('adminAuthIp', '192.0.2.1'), budget * 2);
    await exhaust(() => limits.consume('adminAuthIp', '192.0.2.1'), budget);
    await expect(limits.assertNotSpent('adminAuthIp', '192.0.2.1')).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: expect.any(Number),
    });
    await expect(limits.assertNotSpent('adminAuthIp', '192.0.2.2')).resolves.toBeUndefined();
  });

  it('are a no-op when disabled', async () => {
    const limits = createRateLimits({ enabled: false });
    await exhaust(() => limits.consume('sendCodeIdentifier', 'x'), 100);
    await expect(limits.assertNotSpent('sendCodeIdentifier', 'x')).resolves.toBeUndefined();
  });

  describe.skipIf(!process.env.REDIS_URL)('with Redis', () => {
    const clients: Redis[] = [];
    afterAll(() => {
      for (const c of clients) c.disconnect();
    });

    it('share one budget between replicas', async () => {
      const a = new Redis(process.env.REDIS_URL!);
      const b = new Redis(process.env.REDIS_URL!);
      clients.push(a, b);
      const replicaA = createRateLimits({ enabled: true, redis: a });
      const replicaB = createRateLimits({ enabled: true, redis: b });
      const key = `test-${randomBytes(8).toString('hex')}`;
      const budget = rateLimitBudgets.sendCodeIdentifier.points;
      await exhaust(() => replicaA.consume('sendCodeIdentifier', key), budget - 1);
      await replicaB.consume('sendCodeIdentifier', key);
      await expect(replicaA.consume('sendCodeIdentifier', key)).rejects.toMatchObject({
        code: 'too_many_requests',
      });
      await expect(replicaB.consume('sendCodeIdentifier', key)).rejects.toMatchObject({
        code: 'too_many_requests',
      });
      // A budget counting failures only: one replica's failures block the IP on the other.
      await exhaust(() => replicaA.consume('adminAuthIp', key), rateLimitBudgets.adminAuthIp.points);
      await expect(replicaB.assertNotSpent('adminAuthIp', key)).rejects.toMatchObject({
        code: 'too_many_requests',
      });
    });
  });
});
