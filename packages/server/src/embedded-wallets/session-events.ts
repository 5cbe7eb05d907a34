import { type SessionEventData, sessionEvents } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/** Open streams per session: one per frame (a tab); more is a leak or abuse, and the frame falls back to asking. */
export const maxStreamsPerSession = 4;
/** Open streams per process: each is a connection and a row in the tick's query. */
export const maxStreamsPerProcess = 10_000;

/** One open `frame/session/events` stream. */
interface SessionStream {
  sessionId: string;
  /** Unix seconds: the request's access token expires then, and the stream closes (no `ended`). */
  tokenExpiresAt: number;
  /** Writes one event; false once the client is gone. */
  send(event: string): boolean;
  close(): void;
}

/**
 * The streams this process holds open, and the one timer that serves them all: every heartbeat, one
 * query asks which of their sessions are still live (`where id in (…)`), so a logout, a revocation,
 * an expiry or a deleted user made by any replica reaches every stream within one tick, with no
 * infrastructure beyond the database. The timer runs only while a stream is open, and never keeps
 * the process up.
 */
class SessionWatch {
  readonly #streams = new Set<SessionStream>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #ticking = false;

  readonly ctx: ServerContext;

  constructor(ctx: ServerContext) {
    this.ctx = ctx;
  }

  /** Refuses a stream over the caps (429), before anything is streamed. */
  admit(sessionId: string): void {
    if (this.#streams.size >= maxStreamsPerProcess)
      throw new ApiError('too_many_requests', 'Too many open session streams.');
    let ofSession = 0;
    for (const s of this.#streams) if (s.sessionId === sessionId) ofSession++;
    if (ofSession >= maxStreamsPerSession)
      throw new ApiError('too_many_requests', 'Too many open streams for this session.');
  }

  add(stream: SessionStream): void {
    this.#streams.add(stream);
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => void this.#tick(), sessionEvents.heartbeatMs);
      this.#timer.unref?.();
    }
  }

  remove(stream: SessionStream): void {
    this.#streams.delete(stream);
    if (this.#streams.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  /** Closes every stream (shutdown): the frames fall back to asking, and reconnect elsewhere. */
  closeAll(): void {
    for (const stream of [...this.#streams]) {
      stream.close();
      this.remove(stream);
    }
  }

  async #tick(): Promise<void> {
    // A slow database must not pile queries up: a tick still running skips the next.
    if (this.#ticking || this.#streams.size === 0) return;
    this.#ticking = true;
    try {
      const streams = [...this.#streams];
      const live = await liveSessions(this.ctx, [...new Set(streams.map((s) => s.sessionId))]);
      const now = this.ctx.now();
      for (const stream of streams) {
        if (!this.#streams.has(stream)) continue;
        const data = JSON.stringify({ session_id: stream.sessionId } satisfies SessionEventData);
        if (!live.has(stream.sessionId)) {
          stream.send(eventText(sessionEvents.ended, data));
          stream.close();
          this.remove(stream);
        } else if (now >= stream.tokenExpiresAt) {
          // The token, not the session, ended: no `ended`, so the frame keeps its shares and reopens.
          stream.close();
          this.remove(stream);
        } else if (!stream.send(eventText(sessionEvents.live, data))) {
          this.remove(stream);
        }
      }
    } catch (error) {
      // A failed query sends no heartbeat: the frames' confirmations age out and they ask per signature.
      this.ctx.log.error('session stream tick failed', { error: String(error) });
    } finally {
      this.#ticking = false;
    }
  }
}

/** Which of `ids` are live sessions (not revoked, not past their end; a deleted user's are gone): one query. */
async function liveSessions(ctx: ServerContext, ids: string[]): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** One server-sent event (the data is one line of JSON). */
function eventText(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

const watches = new WeakMap<ServerContext, SessionWatch>();

function watchOf(ctx: ServerContext): SessionWatch {
  let watch = watches.get(ctx);
  if (!watch) {
    watch = new SessionWatch(ctx);
    watches.set(ctx, watch);
  }
  return watch;
}

/**
 * The `frame/session/events` response for a request whose guards (token, origin, MFA) have passed:
 * `live` at once, then every heartbeat while the session is live; `ended` and the end when it is not.
 */
export function sessionEventStream(
  ctx: ServerContext,
  auth: { sessionId: string; tokenExpiresAt: number },
): Response {
  const watch = watchOf(ctx);
  watch.admit(auth.sessionId);
  const encoder = new TextEncoder();
  let stream: SessionStream | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      stream = {
        sessionId: auth.sessionId,
        tokenExpiresAt: auth.tokenExpiresAt,
        send(event) {
          if (!open) return false;
          try {
            controller.enqueue(encoder.encode(event));
            return true;
          } catch {
            open = false;
            return false;
          }
        },
        close() {
          if (!open) return;
          open = false;
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        },
      };
      stream.send(eventText(sessionEvents.live, JSON.stringify({ session_id: auth.sessionId })));
      watch.add(stream);
    },
    cancel() {
      // The client went away (a closed frame, a reload).
      if (stream) watch.remove(stream);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies that buffer responses (nginx) would hold the heartbeats back.
      'x-accel-buffering': 'no',
    },
  });
}

/** Ends every open session stream of this server (shutdown: `listen`'s `close`, `Latchkey.close`). */
export function closeSessionStreams(ctx: ServerContext): void {
  watches.get(ctx)?.closeAll();
}
