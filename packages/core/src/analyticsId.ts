import { randomUuid } from './random.ts';
import { type LatchkeyStorage, storageKeys } from './storage.ts';

export interface AnalyticsId {
  /** The id, created and stored on first use. */
  get(): Promise<string>;
  /** Forgets it (on logout); the next `get` makes a new one. */
  clear(): Promise<void>;
}

/**
 * The client analytics id sent as `privy-ca-id`: a random UUID kept under `privy:caid`
 * (WIRE.md §1.2). Concurrent first calls share one id.
 *
 * @example
 * const analyticsId = createAnalyticsId(storage);
 * const caid = await analyticsId.get();
 */
export function createAnalyticsId(storage: LatchkeyStorage): AnalyticsId {
  let pending: Promise<string> | null = null;
  const load = async () => {
    const existing = await storage.get(storageKeys.analyticsId);
    if (existing) return existing;
    const id = randomUuid();
    await storage.put(storageKeys.analyticsId, id);
    return id;
  };
  return {
    get() {
      pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    async clear() {
      pending = null;
      await storage.del(storageKeys.analyticsId);
    },
  };
}
