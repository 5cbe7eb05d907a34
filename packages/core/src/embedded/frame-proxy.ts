import {
  frameEventPattern,
  frameEvents,
  framePagePath,
  frameQuery,
  deduplicatedFrameEvents as protocolDeduplicatedEvents,
  longFrameEvents as protocolLongEvents,
} from '@latchkey/protocol';
import { EmbeddedWalletError, type EmbeddedWalletErrorType, embeddedMessages } from './errors.ts';

/** A `message` event as the proxy reads it. */
export interface FrameMessageEvent {
  origin: string;
  data: unknown;
  source?: unknown;
}

/** What the proxy needs of the page: its `message` events. */
export interface FrameWindow {
  addEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
}

/** The frame's window, as the host page can reach it. */
export interface FrameTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the proxy needs of an `<iframe>` element. */
export interface FrameElement {
  src: string;
  style: { setProperty(name: string, value: string, priority?: string): void };
  setAttribute(name: string, value: string): void;
  /** The frame page's `load`: only then is the frame's window on `apiUrl`. */
  addEventListener(type: 'load', listener: () => void): void;
  remove(): void;
  readonly contentWindow: FrameTarget | null;
}

/** What the proxy needs of the document: making an iframe and mounting it. */
export interface FrameDocument {
  createElement(tagName: 'iframe'): FrameElement;
  body: { appendChild(node: FrameElement): unknown };
}

export interface CreateFrameProxyParameters {
  /** The Latchkey server as a bare origin; the frame is served there and only its replies count. */
  apiUrl: string;
  appId: string;
  clientId?: string | undefined;
  /** The client analytics id (`caid`). */
  analyticsId?: string | undefined;
  /** How long the frame keeps a wallet's rebuilt keys after their last use; default the frame's (300 s). */
  keyIdleSeconds?: number | undefined;
  /** Default: the page's `window`. */
  window?: FrameWindow | undefined;
  /** Default: the page's `document`. */
  document?: FrameDocument | undefined;
}

export interface FrameRequestOptions {
  /** Default: 15 s, or 60 s for the events in `longFrameEvents`. */
  timeoutMs?: number | undefined;
}

export interface FrameProxy {
  /** Settles when the frame answered the ready handshake, or rejects after 270 tries. */
  readonly ready: Promise<void>;
  /** Sends `{id, event, data}` once the frame is ready; resolves with the reply's `data`. */
  request<T = unknown>(
    event: string,
    data: Record<string, unknown>,
    options?: FrameRequestOptions,
  ): Promise<T>;
  /** Removes the iframe and the listener; pending and later requests reject. */
  destroy(): void;
}

export const readyEvent = frameEvents.ready;
/** WIRE.md §6: the handshake is retried every 150 ms, at most 270 times (40.5 s). */
export const readyIntervalMs = 150;
export const readyMaxTries = 270;
export const defaultFrameTimeoutMs = 15_000;
export const longFrameTimeoutMs = 60_000;

/** Events that run key generation, recovery or re-splitting: they get 60 s (protocol's list). */
export const longFrameEvents: ReadonlySet<string> = new Set(protocolLongEvents);

/** Creates that must not run twice when asked twice at once (protocol's list: two entropies would race). */
export const deduplicatedFrameEvents: ReadonlySet<string> = new Set(protocolDeduplicatedEvents);

/**
 * The frame page's URL: `{apiUrl}/apps/{appId}/embedded-wallets?caid=…&client_id=…&key_idle_seconds=…`,
 * empty ones left out (the key idle window as whole seconds, when the app set one).
 */
export function frameUrl(
  apiUrl: string,
  appId: string,
  analyticsId?: string,
  clientId?: string,
  keyIdleSeconds?: number,
): string {
  const query = new URLSearchParams();
  if (analyticsId) query.set(frameQuery.analyticsId, analyticsId);
  if (clientId) query.set(frameQuery.clientId, clientId);
  if (keyIdleSeconds !== undefined && Number.isFinite(keyIdleSeconds))
    query.set(frameQuery.keyIdleSeconds, String(Math.max(0, Math.round(keyIdleSeconds))));
  const search = query.toString();
  return `${apiUrl}${framePagePath('frame', appId)}${search ? `?${search}` : ''}`;
}

/**
 * A Latchkey frame answers the handshake with `storage: 'page'` when the browser gives it no lasting
 * storage (third-party storage blocked for the server's site): the wallet then works until the page
 * closes and needs recovering after a reload. Said once, for the developer.
 */
function warnIfPageStorage(data: unknown): void {
  if (isRecord(data) && data.storage === 'page') console.warn(embeddedMessages.pageStorageOnly);
}

interface Pending {
  event: string;
  resolve(data: unknown): void;
  reject(error: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The frame's `{type, message}` as an EmbeddedWalletError. */
function frameError(error: unknown): EmbeddedWalletError {
  const type = isRecord(error) && typeof error.type === 'string' ? error.type : 'error';
  const message =
    isRecord(error) && typeof error.message === 'string' && error.message
      ? error.message
      : 'An error has occurred, please try again.';
  return new EmbeddedWalletError(type as EmbeddedWalletErrorType, message);
}

/** Same event and same JSON data: the same in-flight create. BigInt data is never de-duplicated. */
function dedupKey(event: string, data: Record<string, unknown>): string | null {
  try {
    return `${event}\n${JSON.stringify(data)}`;
  } catch {
    return null;
  }
}

/**
 * Mounts the hidden wallet frame and talks to it by postMessage (WIRE.md §6). Replies count only
 * from the frame's own window on `apiUrl` (exact origin), with a `privy:` event and the id of a
 * pending request of that event; everything else on the page's message bus is ignored.
 *
 * @example
 * const proxy = createFrameProxy({ apiUrl: 'https://auth.example.com', appId });
 * const { address } = await proxy.request<{ address: string }>('privy:wallet:create', { accessToken });
 */
export function createFrameProxy(params: CreateFrameProxyParameters): FrameProxy {
  const { apiUrl } = params;
  const win = params.window ?? (globalThis as unknown as { window: FrameWindow }).window;
  const doc = params.document ?? (globalThis as unknown as { document: FrameDocument }).document;
  if (!win || !doc) {
    throw new EmbeddedWalletError(
      'embedded_wallet_webview_not_loaded',
      'Embedded wallets need a browser page',
    );
  }

  const pending = new Map<string, Pending>();
  const inFlight = new Map<string, Promise<unknown>>();
  let counter = 0;
  let destroyed = false;
  const nextId = () => `id-${++counter}`;

  const iframe = doc.createElement('iframe');
  iframe.src = frameUrl(apiUrl, params.appId, params.analyticsId, params.clientId, params.keyIdleSeconds);
  // Inline and `!important`: no rule of the page's (`iframe { display: block !important }`) can show it.
  // Through the CSSOM, which a page's CSP allows (a `style` attribute needs 'unsafe-inline').
  for (const [name, value] of Object.entries({ display: 'none', width: '0', height: '0', border: '0' }))
    iframe.style.setProperty(name, value, 'important');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.setAttribute('tabindex', '-1');
  iframe.setAttribute('title', 'Embedded wallet');

  const onMessage = (event: FrameMessageEvent) => {
    if (event.origin !== apiUrl) return;
    // Another frame on the same origin (a second client, the export frame) counts ids of its own.
    if (event.source !== iframe.contentWindow) return;
    let message = event.data;
    if (typeof message === 'string') {
      try {
        message = JSON.parse(message);
      } catch {
        return;
      }
    }
    if (!isRecord(message) || typeof message.id !== 'string') return;
    if (typeof message.event !== 'string' || !frameEventPattern.test(message.event)) return;
    const entry = pending.get(message.id);
    if (!entry || entry.event !== message.event) return;
    pending.delete(message.id);
    clearTimeout(entry.timer);
    if (message.error !== undefined && message.error !== null) entry.reject(frameError(message.error));
    else entry.resolve(message.data);
  };
  win.addEventListener('message', onMessage);
  // Until the frame page has loaded, the iframe holds about:blank on the host's own origin: a message
  // for `apiUrl` posted to it is dropped with a console error, so the handshake waits for `load`.
  let loaded = false;
  let onLoad = () => {};
  iframe.addEventListener('load', () => {
    loaded = true;
    onLoad();
  });
  doc.body.appendChild(iframe);

  function post(id: string, event: string, data: Record<string, unknown>) {
    const target = iframe.contentWindow;
    if (!target)
      throw new EmbeddedWalletError('embedded_wallet_webview_not_loaded', embeddedMessages.proxyDestroyed);
    target.postMessage({ id, event, data }, apiUrl);
  }

  let failHandshake: (error: EmbeddedWalletError) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    const ids: string[] = [];
    let tries = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    const stopHandshake = () => {
      onLoad = () => {};
      clearInterval(interval);
      for (const id of ids) pending.delete(id);
    };
    const fail = (error: EmbeddedWalletError) => {
      stopHandshake();
      reject(error);
    };
    failHandshake = fail;
    const tick = () => {
      if (tries >= readyMaxTries) {
        return fail(
          new EmbeddedWalletError('embedded_wallet_webview_not_loaded', embeddedMessages.proxyNotConnected),
        );
      }
      tries += 1;
      if (!loaded) return;
      const id = nextId();
      ids.push(id);
      pending.set(id, {
        event: readyEvent,
        resolve: (data) => {
          stopHandshake();
          warnIfPageStorage(data);
          resolve();
        },
        reject: fail,
      });
      // Until the frame's script listens, its page drops the message: the next tick retries.
      try {
        post(id, readyEvent, {});
      } catch {
        pending.delete(id);
      }
    };
    // The first message goes as soon as the page has loaded, then one per interval until answered.
    onLoad = tick;
    interval = setInterval(tick, readyIntervalMs);
  });
  // Callers see the failure through `ready` or `request`; this keeps it from being "unhandled".
  ready.catch(() => undefined);

  function send(event: string, data: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (destroyed) {
        reject(
          new EmbeddedWalletError('embedded_wallet_webview_not_loaded', embeddedMessages.proxyDestroyed),
        );
        return;
      }
      const id = nextId();
      const entry: Pending = { event, resolve, reject };
      entry.timer = setTimeout(() => {
        pending.delete(id);
        reject(new EmbeddedWalletError('client_request_timeout', embeddedMessages.timeout));
      }, timeoutMs);
      pending.set(id, entry);
      try {
        post(id, event, data);
      } catch (error) {
        pending.delete(id);
        clearTimeout(entry.timer);
        reject(
          error instanceof EmbeddedWalletError
            ? error
            : new EmbeddedWalletError('invalid_request_arguments', 'Invalid request', { cause: error }),
        );
      }
    });
  }

  return {
    ready,
    request<T>(event: string, data: Record<string, unknown>, options: FrameRequestOptions = {}): Promise<T> {
      const key = deduplicatedFrameEvents.has(event) ? dedupKey(event, data) : null;
      const existing = key === null ? undefined : inFlight.get(key);
      if (existing) return existing as Promise<T>;
      const timeoutMs =
        options.timeoutMs ?? (longFrameEvents.has(event) ? longFrameTimeoutMs : defaultFrameTimeoutMs);
      const promise = ready.then(() => send(event, data, timeoutMs));
      if (key !== null) {
        inFlight.set(key, promise);
        const forget = () => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
        };
        promise.then(forget, forget);
      }
      return promise as Promise<T>;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      const error = new EmbeddedWalletError(
        'embedded_wallet_webview_not_loaded',
        embeddedMessages.proxyDestroyed,
      );
      // A settled promise ignores this; an unfinished handshake stops and rejects.
      failHandshake(error);
      win.removeEventListener('message', onMessage);
      iframe.remove();
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(error);
      }
      pending.clear();
      inFlight.clear();
    },
  };
}
