import { type SessionEventData, sessionEvents } from '@latchkey/protocol';

/**
 * How old the last `live` event may be for a signature to rely on it (1 s): twice the server's
 * heartbeat, so one late heartbeat is tolerated, and a session that ends stops signing within about
 * this (docs/security.md).
 */
export const liveEventMaxAgeMs = 1000;
/** After a stream fails or is refused, signatures ask the server for this long before it is reopened. */
export const reopenDelayMs = 1000;

/** Opens `frame/session/events` for the token (null: the session cookie); rejects unless it streams. */
export type ConnectSessionEvents = (
  accessToken: string | null,
  signal: AbortSignal,
) => Promise<ReadableStream<Uint8Array>>;

export interface SessionFeedOptions {
  connect: ConnectSessionEvents;
  /** The server said the session ended: everything held for it goes, at once. */
  onEnded: () => void;
  now?: () => number;
}

/** The one stream open: for which credential (`''`: the cookie), and the last `live` it said. */
interface OpenStream {
  credential: string;
  abort: AbortController;
  lastLive: { sessionId: string; at: number } | null;
}

/**
 * The server's pushed word that a session is live (`POST frame/session/events`): while its last
 * `live` event is under `liveEventMaxAgeMs` old and names the held share's session, a signature
 * needs no session check of its own. `ended` calls `onEnded` (forget every share and key); a stream
 * that fails, closes or falls silent confirms nothing, and signatures fall back to asking the server
 * (`ServerApi.session`), whose answer reopens it (`watch`).
 */
export class SessionFeed {
  readonly #connect: ConnectSessionEvents;
  readonly #onEnded: () => void;
  readonly #now: () => number;
  #open: OpenStream | null = null;
  /** Set by anything but a signature (an MFA change): the stream confirms nothing until the next check. */
  #suspended = false;
  #retryAt = 0;

  constructor(options: SessionFeedOptions) {
    this.#connect = options.connect;
    this.#onEnded = options.onEnded;
    this.#now = options.now ?? Date.now;
  }

  /** True when the stream for this token said, under `liveEventMaxAgeMs` ago, that `sessionId` is live. */
  confirms(accessToken: string | null, sessionId: string): boolean {
    const open = this.#open;
    return (
      !this.#suspended &&
      open !== null &&
      open.credential === (accessToken ?? '') &&
      open.lastLive !== null &&
      open.lastLive.sessionId === sessionId &&
      this.#now() - open.lastLive.at < liveEventMaxAgeMs
    );
  }

  /**
   * The server just confirmed the token's session (a per-signature check, a share released): keep a
   * stream open for this token from now on, replacing one for another token (a refreshed one).
   */
  watch(accessToken: string | null): void {
    this.#suspended = false;
    const credential = accessToken ?? '';
    if (this.#open?.credential === credential) return;
    this.stop();
    if (this.#now() < this.#retryAt) return;
    const open: OpenStream = { credential, abort: new AbortController(), lastLive: null };
    this.#open = open;
    void this.#read(open, accessToken);
  }

  /** The next signature asks the server; the stream stays open for when it answers. */
  suspend(): void {
    this.#suspended = true;
  }

  /** Closes the stream (a lock, a logout, a refused check): nothing is confirmed until `watch`. */
  stop(): void {
    const open = this.#open;
    this.#open = null;
    open?.abort.abort();
  }

  async #read(open: OpenStream, accessToken: string | null): Promise<void> {
    try {
      const body = await this.#connect(accessToken, open.abort.signal);
      const reader = body.getReader();
      const parser = new EventStreamParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.#open !== open) break;
        for (const event of parser.push(value)) {
          if (this.#open !== open) break;
          const data = sessionData(event.data);
          if (event.event === sessionEvents.live && data)
            open.lastLive = { sessionId: data.session_id, at: this.#now() };
          else if (event.event === sessionEvents.ended) {
            this.stop();
            this.#onEnded();
          }
        }
      }
      if (this.#open === open) reader.cancel().catch(() => undefined);
    } catch {
      // Refused, unreachable, cut: signatures ask the server, whose answer reopens the stream.
    }
    if (this.#open === open) {
      this.#open = null;
      this.#retryAt = this.#now() + reopenDelayMs;
    }
  }
}

/** The JSON `data` of a session event, or null when it is not one. */
function sessionData(text: string): SessionEventData | null {
  try {
    const data: unknown = JSON.parse(text);
    const id = (data as { session_id?: unknown } | null)?.session_id;
    return typeof id === 'string' ? { session_id: id } : null;
  } catch {
    return null;
  }
}

/**
 * Server-sent events (HTML, "event stream interpretation") split from the bytes as they arrive:
 * `event:` and `data:` fields, an event per blank line; comments and other fields are ignored.
 */
export class EventStreamParser {
  readonly #decoder = new TextDecoder();
  #buffer = '';

  push(chunk: Uint8Array): { event: string; data: string }[] {
    this.#buffer += this.#decoder.decode(chunk, { stream: true });
    const events: { event: string; data: string }[] = [];
    for (let end = this.#blankLine(); end !== null; end = this.#blankLine()) {
      const block = this.#buffer.slice(0, end.at);
      this.#buffer = this.#buffer.slice(end.at + end.length);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r\n|\r|\n/)) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  }

  #blankLine(): { at: number; length: number } | null {
    const match = /\r\n\r\n|\n\n|\r\r/.exec(this.#buffer);
    return match ? { at: match.index, length: match[0].length } : null;
  }
}
