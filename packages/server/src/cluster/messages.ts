import type { OutgoingMessage } from '../delivery/delivery.ts';
import type { OutboxMessage } from '../delivery/dev-outbox.ts';

/**
 * What the primary and the workers of `latchkey serve --workers N` say to each other over the
 * cluster's IPC channel. Every message carries `channel: 'latchkey'`, which tells them apart from
 * the other messages on that channel: the rate limiter's (rate-limiter-flexible's
 * RateLimiterCluster), prom-client's metrics aggregation and Node's own.
 */
export const channel = 'latchkey';

/** A worker asks, the primary answers the same `id`. */
export type WorkerRequest =
  | { channel: typeof channel; id: number; type: 'outbox.send'; message: OutgoingMessage }
  | { channel: typeof channel; id: number; type: 'outbox.read'; appId: string; to?: string }
  | { channel: typeof channel; id: number; type: 'metrics' };

export type AnswerBody =
  | { ok: true; messages?: OutboxMessage[]; metrics?: { body: string; contentType: string } }
  | { ok: false; error: string };

export type PrimaryAnswer = { channel: typeof channel; id: number } & AnswerBody;

/** The primary tells a worker to stop: stop accepting, finish what is in flight, exit 0. */
export interface ShutdownMessage {
  channel: typeof channel;
  type: 'shutdown';
}

/** The caches a worker keeps that a write through another worker makes stale. */
export type SharedCache = 'apps' | 'signing-keys';

/**
 * A worker changed an app or its signing keys and forgot its cached copy: the primary passes this
 * on to the other workers, which forget theirs, so none serves the old one for its cache's lifetime.
 */
export interface ForgetMessage {
  channel: typeof channel;
  type: 'forget';
  cache: SharedCache;
  id: string;
}

export function isForget(message: unknown): message is ForgetMessage {
  return isOurs(message) && (message as { type?: unknown }).type === 'forget';
}

export function isOurs(message: unknown): message is { channel: typeof channel } {
  return (
    typeof message === 'object' && message !== null && (message as { channel?: unknown }).channel === channel
  );
}
