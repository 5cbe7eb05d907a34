import { apiErrorFor, ConnectionError, LatchkeyError } from '../errors.ts';

/** How the client reaches the server. */
export interface HttpOptions {
  appId: string;
  appSecret: string;
  apiUrl: string;
  /** Per attempt, in milliseconds. Default 10 s. */
  timeoutMs?: number;
  /** Retries of an idempotent call after a 429, a 5xx or a network failure. Default 2. */
  maxRetries?: number;
  /** The first retry's delay, doubled each time (with jitter); a 429's Retry-After wins. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** A `fetch` of your own (a proxy agent, instrumentation). Default: the global one. */
  fetch?: typeof fetch;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Query parameters; an array repeats the name (`?chain=a&chain=b`). */
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  /** More headers (`privy-authorization-signature`, `privy-idempotency-key`, …); never the credentials. */
  headers?: Record<string, string>;
  /**
   * Safe to send twice: reads, and writes whose repeat changes nothing. Only these are retried: a
   * retried import could create a user twice.
   */
  idempotent: boolean;
  signal?: AbortSignal;
}

const retryableStatuses = new Set([429, 500, 502, 503, 504]);
const maxRetryAfterMs = 30_000;

/** Waits `ms`, or rejects with the caller's abort reason as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After in seconds (RFC 9110 §10.2.3: seconds or an HTTP date), or null. */
function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The users API's HTTP client: Basic auth with the app id and secret plus `privy-app-id`
 * (WIRE.md §7.1), JSON in and out, a timeout per attempt, typed errors, and retries with exponential
 * backoff for idempotent calls.
 */
export class Http {
  readonly #options: Required<Omit<HttpOptions, 'fetch'>> & { fetch: typeof fetch };
  readonly #authorization: string;
  readonly #base: string;

  constructor(options: HttpOptions) {
    if (!options?.appId || !options.appSecret || !options.apiUrl)
      throw new TypeError('LatchkeyClient needs appId, appSecret and apiUrl.');
    this.#options = {
      timeoutMs: 10_000,
      maxRetries: 2,
      retryBaseDelayMs: 500,
      ...options,
      fetch: options.fetch ?? globalThis.fetch,
    };
    this.#authorization = `Basic ${Buffer.from(`${options.appId}:${options.appSecret}`).toString('base64')}`;
    this.#base = options.apiUrl.replace(/\/+$/, '');
  }

  /** The full URL of a path, as requests are sent (and authorization signatures name it). */
  urlOf(path: string): string {
    return `${this.#base}${path}`;
  }

  async request<T>(request: ApiRequest): Promise<T> {
    const url = new URL(this.urlOf(request.path));
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
      else if (value !== undefined) url.searchParams.set(key, String(value));
    const retries = request.idempotent ? this.#options.maxRetries : 0;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.#send(url, request);
      } catch (error) {
        if (attempt < retries && !request.signal?.aborted) {
          await sleep(this.#backoff(attempt), request.signal);
          continue;
        }
        throw error;
      }
      if (response.ok) return (await this.#json(response)) as T;
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      if (attempt < retries && retryableStatuses.has(response.status)) {
        await response.body?.cancel();
        const wait =
          retryAfter === null ? this.#backoff(attempt) : Math.min(retryAfter * 1000, maxRetryAfterMs);
        await sleep(wait, request.signal);
        continue;
      }
      const body = await response.json().catch(() => null);
      throw apiErrorFor(
        response.status,
        body,
        `${response.status} ${response.statusText}`.trim(),
        retryAfter,
      );
    }
  }

  async #send(url: URL, request: ApiRequest): Promise<Response> {
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      ...request.headers,
      authorization: this.#authorization,
      'privy-app-id': this.#options.appId,
      accept: 'application/json',
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await this.#options.fetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      // The caller's own abort is theirs to handle; a timeout or a network failure is ours.
      if (request.signal?.aborted) throw request.signal.reason;
      const timedOut = timeout.aborted;
      throw new ConnectionError(
        timedOut
          ? `No answer from the Latchkey server within ${this.#options.timeoutMs} ms.`
          : 'Could not reach the Latchkey server.',
        { cause: error, timedOut },
      );
    }
  }

  async #json(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new LatchkeyError(
        `The Latchkey server answered ${response.status} with a body that is not JSON.`,
        {
          cause: error,
        },
      );
    }
  }

  #backoff(attempt: number): number {
    const base = this.#options.retryBaseDelayMs * 2 ** attempt;
    return base / 2 + Math.random() * (base / 2);
  }
}

/**
 * A route path with its `:name` segments filled in, each encoded; the colons of a `did:privy:` user
 * id are kept, as the incumbent's SDK sends them.
 *
 * @example
 * fillPath('/api/v1/users/:user_id', { user_id: 'did:privy:abc' }) // '/api/v1/users/did:privy:abc'
 */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '') throw new TypeError(`${name} is required.`);
    return encodeURIComponent(value).replaceAll('%3A', ':');
  });
}
