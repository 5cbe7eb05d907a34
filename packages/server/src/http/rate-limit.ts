import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { ApiError } from './api-error.ts';

/** Budgets per bucket: `points` requests per `duration` seconds. */
export const rateLimitBudgets = {
  /** Codes sent from one IP, any identifier. */
  sendCodeIp: { points: 30, duration: 60 },
  /**
   * Codes sent to one email or phone (any sender): limits mail bombing and SMS cost. Three per
   * code lifetime, the number of live codes accepted (codes/verification-codes.ts), so a stranger's
   * resends within it cannot push out the code the owner already has.
   */
  sendCodeIdentifier: { points: 3, duration: 600 },
  /** Login and link attempts from one IP (code checks, guest, custom JWT). */
  verifyIp: { points: 60, duration: 60 },
  /** Session refreshes from one IP. */
  refreshIp: { points: 120, duration: 60 },
  /** Proofs of one wallet's recovery password: the only guessing left is online, and this slow. */
  recoveryPassword: { points: 10, duration: 3600 },
  /**
   * Failed admin authentications from one IP (a wrong admin key, by Bearer or at the dashboard
   * login): only failures take a point, so an operator with the key is not slowed.
   */
  adminAuthIp: { points: 20, duration: 600 },
  /** Analytics posts from one IP; excess is dropped silently. */
  analyticsIp: { points: 300, duration: 60 },
  /** Analytics posts from one client id of one app (the SDK's per-install id); excess is dropped. */
  analyticsClient: { points: 60, duration: 60 },
} as const;

export type RateLimitBucket = keyof typeof rateLimitBudgets;

export interface RateLimits {
  /** Takes one point from `bucket` for `key`, or throws `too_many_requests`. */
  consume(bucket: RateLimitBucket, key: string): Promise<void>;
  /**
   * Throws `too_many_requests` while `bucket` is spent for `key`, taking no point: for budgets that
   * count failures only, checked before the attempt and consumed after a failed one.
   */
  assertNotSpent(bucket: RateLimitBucket, key: string): Promise<void>;
}

/** The refusal of a spent bucket: the limiter knows when it refills, and the client shows it (Retry-After). */
function tooManyRequests(res: RateLimiterRes): ApiError {
  return new ApiError('too_many_requests', undefined, { retryAfterSeconds: res.msBeforeNext / 1000 });
}

/**
 * Memory store by default (one process); Redis when `REDIS_URL` is set, shared by all replicas.
 * A worker of `latchkey serve --workers N` without Redis asks the primary process, which keeps the
 * counters for all its workers (cluster/primary.ts), so a budget is one budget per machine, not per
 * worker.
 */
export function createRateLimits(options: {
  enabled: boolean;
  redis?: Redis;
  cluster?: boolean;
}): RateLimits {
  if (!options.enabled) return { consume: async () => {}, assertNotSpent: async () => {} };
  const limiters = new Map<RateLimitBucket, RateLimiterAbstract>();
  for (const [bucket, budget] of Object.entries(rateLimitBudgets) as [
    RateLimitBucket,
    (typeof rateLimitBudgets)[RateLimitBucket],
  ][]) {
    const config = { keyPrefix: `lk:${bucket}`, ...budget };
    limiters.set(
      bucket,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, ...config })
        : options.cluster
          ? new RateLimiterCluster({ ...config, timeoutMs: 5_000 })
          : new RateLimiterMemory(config),
    );
  }
  return {
    async consume(bucket, key) {
      try {
        await limiters.get(bucket)!.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(error);
        throw error;
      }
    },
    async assertNotSpent(bucket, key) {
      const res = await limiters.get(bucket)!.get(key);
      if (res && res.remainingPoints <= 0) throw tooManyRequests(res);
    },
  };
}
