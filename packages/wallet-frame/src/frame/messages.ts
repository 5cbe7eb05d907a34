import { type FrameEventName, frameEvents } from '@latchkey/protocol';
import { isAllowedOrigin } from './config.ts';
import type { FrameContext } from './frame-context.ts';
import { type FrameErrorType, frameMessages, toReplyError } from './frame-error.ts';
import { deduplicatedEvents, type Handler, handlers } from './handlers/index.ts';
import { verifyRequestMfa } from './mfa/verify-request-mfa.ts';
import { requestData } from './request-data.ts';

/** A WIRE §6 request: `{id, event, data}`. */
export interface Envelope {
  id: string | number;
  event: string;
  data: unknown;
}

/** The answer: the request's `id` and `event`, plus `data` or `error`. */
export type Reply =
  | { id: string | number; event: string; data: object }
  | { id: string | number; event: string; error: { type: FrameErrorType; message: string } };

type Outcome = { data: object } | { error: { type: FrameErrorType; message: string } };

/**
 * Reads a request: the structured object browsers post, or the JSON string React Native's webview
 * bridge posts. Anything else (other scripts' messages, malformed envelopes) is null and gets no answer.
 */
export function parseEnvelope(message: unknown): { envelope: Envelope; asString: boolean } | null {
  let value = message;
  const asString = typeof message === 'string';
  if (asString) {
    if (message.length > 1_000_000) return null;
    try {
      value = JSON.parse(message);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, event, data } = value as Record<string, unknown>;
  const validId = (typeof id === 'string' && id.length > 0 && id.length <= 200) || Number.isSafeInteger(id);
  if (!validId || typeof event !== 'string' || !/^privy:.{1,100}$/.test(event)) return null;
  return { envelope: { id: id as string | number, event, data }, asString };
}

/**
 * Answers requests from the app's allowed origins, each to the window and origin it came from. A
 * message from any other origin is dropped without an answer, so a page the app does not list learns
 * nothing, not even that the frame is there.
 */
export function installMessageListener(win: Window, ctx: FrameContext): () => void {
  const dispatch = dispatcher(ctx);
  const listener = (event: MessageEvent) => {
    // An opaque origin ('null') cannot be named as a postMessage target, and our own window's
    // replies must not be read back as requests.
    if (event.origin === 'null' || event.source === win) return;
    if (!isAllowedOrigin(ctx.config.allowedOrigins, event.origin)) return;
    const source = event.source as Window | null;
    if (!source || typeof source.postMessage !== 'function') return;
    const parsed = parseEnvelope(event.data);
    if (!parsed) return;
    void dispatch(parsed.envelope).then((reply) => {
      source.postMessage(parsed.asString ? JSON.stringify(reply) : reply, event.origin);
    });
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}

/**
 * Runs requests one at a time: a recovery re-splits the entropy and replaces the device share, and a
 * signature running alongside could combine an old share with a new one. Identical in-flight creates
 * share one run and one result.
 */
export function dispatcher(ctx: FrameContext): (envelope: Envelope) => Promise<Reply> {
  let queue: Promise<unknown> = Promise.resolve();
  const inFlight = new Map<string, Promise<Outcome>>();
  const enqueue = (envelope: Envelope): Promise<Outcome> => {
    // The handshake touches no share; it must not wait behind a slow recovery.
    if (envelope.event === frameEvents.ready) return run(ctx, envelope);
    const outcome = queue.then(() => run(ctx, envelope));
    queue = outcome;
    return outcome;
  };
  return async (envelope) => {
    let outcome: Promise<Outcome>;
    const key = deduplicatedEvents.has(envelope.event) ? dedupKey(envelope) : null;
    const running = key === null ? undefined : inFlight.get(key);
    if (running) {
      outcome = running;
    } else {
      outcome = enqueue(envelope);
      if (key !== null) {
        inFlight.set(key, outcome);
        void outcome.finally(() => inFlight.delete(key));
      }
    }
    return { id: envelope.id, event: envelope.event, ...(await outcome) };
  };
}

function dedupKey(envelope: Envelope): string | null {
  try {
    return `${envelope.event}\n${JSON.stringify(envelope.data)}`;
  } catch {
    return null; // BigInt or a cycle: not an identical-create candidate.
  }
}

async function run(ctx: FrameContext, envelope: Envelope): Promise<Outcome> {
  const event = envelope.event as FrameEventName;
  const handler: Handler | undefined = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
  if (!handler) return { error: { type: 'error', message: `Unsupported event ${envelope.event}` } };
  try {
    const data = requestData(envelope.data);
    // The session confirmation spans a burst of signatures only: any other request (an MFA factor
    // enrolled or removed, a code verified, a token cleared) has the next signature ask the server.
    if (event !== frameEvents.walletsRpc && event !== frameEvents.ready) ctx.authShares.unconfirmSession();
    // Any request may carry a code to verify first (WIRE.md §6); `clear` and `lock` only ever drop
    // things, and the handshake (which skips the queue) touches nothing.
    if (event !== frameEvents.mfaClear && event !== frameEvents.walletsLock && event !== frameEvents.ready)
      await verifyRequestMfa(ctx, data);
    return { data: await handler(ctx, data) };
  } catch (error) {
    const reply = toReplyError(error);
    if (reply) return { error: reply };
    // Only the kind of failure is logged: a library's message could quote the bytes it was given.
    console.error(
      `Latchkey wallet frame: ${envelope.event} failed (${error instanceof Error ? error.name : typeof error})`,
    );
    return { error: { type: 'error', message: frameMessages.unexpected } };
  }
}
