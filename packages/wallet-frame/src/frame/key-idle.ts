import { frameQuery } from '@latchkey/protocol';
import { defaultKeyIdleMs, maxKeyIdleMs } from './key-cache.ts';

/**
 * The key cache's idle window from the frame page's query (`key_idle_seconds`, set by the host SDK from
 * the app's `walletKeyIdleSeconds`): whole seconds from 0 (keep nothing) to the cap; absent or malformed
 * is the default. The host page chooses it, which gives it nothing it lacks: it can already ask the
 * frame to sign while the user is logged in.
 */
export function keyIdleMs(search: string): number {
  const text = new URLSearchParams(search).get(frameQuery.keyIdleSeconds);
  if (text === null || !/^\d{1,7}$/.test(text)) return defaultKeyIdleMs;
  return Math.min(Number(text) * 1000, maxKeyIdleMs);
}
