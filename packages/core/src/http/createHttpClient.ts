import {
  analyticsApi,
  type ErrorBody,
  headers as headerNames,
  limits,
  type PathParamsOf,
  type RequestOf,
  type ResponseOf,
  type Route,
  routeUrl,
  type ServerErrorCode,
} from '@latchkey/protocol';
import { LatchkeyApiError, LatchkeyClientError } from '../errors.ts';
import { version } from '../version.ts';
import { maxRetries, retryDelay, retryStatuses, wait } from './retryPolicy.ts';

type MaybePromise<T> = T | Promise<T>;

export interface CreateHttpClientParameters {
  /** Bare origin of the Latchkey server, e.g. `https://auth.example.com`. */
  apiUrl: string;
  appId: string;
  /** Sent as `privy-client-id` when set. */
  clientId?: string | undefined;
  /** The Bearer token for a request, or null when logged out. */
  getAccessToken: () => MaybePromise<string | null>;
  /** The client analytics id, sent as `privy-ca-id` (empty when none). */
  getAnalyticsId?: (() => MaybePromise<string | null>) | undefined;
  /** Defaults to `globalThis.fetch`, looked up per call. */
  fetch?: typeof fetch | undefined;
  /** Extra headers on every request. */
  headers?: Record<string, string> | undefined;
  /** Per-attempt abort; 20 s by default. */
  timeoutMs?: number | undefined;
  /** How to wait between retries; injectable so tests do not sleep. */
  delay?: ((ms: number) => Promise<void>) | undefined;
  /**
   * Cookie sessions, where the page cannot see when the access cookie expires: a request sent with
   * the session's own credential (no `token` option) that answers 401 `missing_or_invalid_token`
   * asks for a renewal and, when the session lives on, is sent once more.
   */
  renewal?: SessionRenewal | undefined;
}

/** What the HTTP client needs of the session to renew it after a refusal. */
export interface SessionRenewal {
  /** Bumped by every renewal; read when a request is sent. */
  readonly generation: number;
  /**
   * Renews the session unless a renewal since `generation` already did (concurrent refusals share
   * one); resolves true when the refused request may be sent again.
   */
  renew(generation: number): Promise<boolean>;
}

export interface HttpRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON-encoded as the request body. */
  body?: unknown;
  /**
   * The Bearer token to send, bypassing `getAccessToken` (null sends none). Session calls use
   * this so that a refresh never waits on itself.
   */
  token?: string | null;
  /** Retry on 408/409/425/500/502/503/504. Default: true, except for analytics posts. */
  retry?: boolean;
  signal?: AbortSignal;
  /** Headers of this request only (`privy-authorization-signature` on a signed wallet change). */
  headers?: Record<string, string>;
}

export type CallOptions = Omit<HttpRequestOptions, 'method' | 'body'>;

/** A route's call options: with its path parameters when its path has any. */
export type CallOptionsArgs<R extends Route> = [keyof PathParamsOf<R>] extends [never]
  ? [options?: CallOptions]
  : [options: CallOptions & { params: PathParamsOf<R> }];

export interface HttpClient {
  /** The server every call goes to. */
  readonly apiUrl: string;
  /**
   * Moves every later call to `apiUrl` (a bare origin): the app config's `custom_api_url`
   * (WIRE.md §1.1).
   */
  setApiUrl(apiUrl: string): void;
  /**
   * Calls one route of the contract (`@latchkey/protocol` `api`): its method and path, the body its
   * request type allows (a wrong field is a compile error), its response type back. Every SDK call
   * goes through here.
   *
   * @example
   * await http.call(emailApi.emailInit, { email }, { token: null }); // { success: boolean }
   * await http.call(appApi.app, undefined, { token: null, params: { app_id: appId } }); // AppResponse
   */
  call<R extends Route>(route: R, body: RequestOf<R>, ...options: CallOptionsArgs<R>): Promise<ResponseOf<R>>;
  /** Untyped, for paths outside the contract; SDK code uses `call`. */
  request<T>(path: string, options?: HttpRequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<HttpRequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<HttpRequestOptions, 'method' | 'body'>): Promise<T>;
}

export type CreateHttpClientErrorType = LatchkeyApiError | LatchkeyClientError;

interface RawResponse {
  status: number;
  text: string;
}

/**
 * Creates the HTTP client that speaks the Latchkey wire protocol (WIRE.md §1): the SDK headers,
 * `credentials: 'include'`, a 20 s abort per attempt, 3 retries (1.5 s, 4.5 s, 13.5 s) on
 * 408/409/425/500/502/503/504 for every method except analytics posts, and any status above 299
 * thrown as `LatchkeyApiError`.
 *
 * @example
 * const http = createHttpClient({ apiUrl: 'https://auth.example.com', appId, getAccessToken: () => null });
 * const app = await http.call(appApi.app, undefined, { token: null, params: { app_id: appId } });
 */
export function createHttpClient(params: CreateHttpClientParameters): HttpClient {
  const { appId } = params;
  let apiUrl = params.apiUrl;
  const timeoutMs = params.timeoutMs ?? limits.requestTimeoutMs;
  const delay = params.delay ?? wait;
  const fetchFn: typeof fetch = params.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function buildHeaders(token: string | null | undefined): Promise<Record<string, string>> {
    const bearer = token === undefined ? await params.getAccessToken() : token;
    const analyticsId = await Promise.resolve()
      .then(() => params.getAnalyticsId?.())
      .catch(() => null);
    const headers: Record<string, string> = {
      [headerNames.appId]: appId,
      [headerNames.client]: `latchkey-core:${version}`,
      [headerNames.analyticsId]: analyticsId ?? '',
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (params.clientId) headers[headerNames.clientId] = params.clientId;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    return { ...headers, ...params.headers };
  }

  async function attempt(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
  ): Promise<RawResponse> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    signal?.addEventListener('abort', forwardAbort);
    try {
      const response = await fetchFn(url, { ...init, signal: controller.signal });
      // The body is read inside the timeout too: a server that stalls mid-body is a timeout.
      return { status: response.status, text: await response.text() };
    } catch (cause) {
      if (timedOut) throw new LatchkeyClientError('client_request_timeout', undefined, { cause });
      if (signal?.aborted) throw signal.reason ?? cause;
      throw new LatchkeyClientError('network_error', undefined, { cause, details: `${init.method} ${url}` });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function request<T>(path: string, options: HttpRequestOptions = {}): Promise<T> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const retry = options.retry ?? path !== analyticsApi.analyticsEvents.path;
    const url = `${apiUrl}${path}`;
    const headersOf = async (token: string | null | undefined) => ({
      ...(await buildHeaders(token)),
      ...options.headers,
    });
    const init: RequestInit = { method, headers: await headersOf(options.token), credentials: 'include' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const { renewal } = params;
    const generation = renewal?.generation ?? 0;
    let renewed = false;
    for (let n = 0; ; n++) {
      const response = await attempt(url, init, options.signal);
      if (response.status <= 299) return parseSuccess<T>(response, url);
      if (retry && n < maxRetries && retryStatuses.has(response.status)) {
        await delay(retryDelay(n + 1));
        continue;
      }
      const error = apiError(response);
      // Once per request, and never for a call that chose its own credential (the session's own
      // refresh and logout), which would otherwise wait on itself.
      if (
        !renewed &&
        options.token === undefined &&
        error.status === 401 &&
        error.code === 'missing_or_invalid_token' &&
        renewal &&
        (await renewal.renew(generation).catch(() => false))
      ) {
        renewed = true;
        init.headers = await headersOf(undefined);
        continue;
      }
      throw error;
    }
  }

  return {
    get apiUrl() {
      return apiUrl;
    },
    setApiUrl(next) {
      apiUrl = next;
    },
    call: (route, body, ...[options]) => {
      const params = options && 'params' in options ? options.params : undefined;
      const path = params ? routeUrl(route, params) : route.path;
      return request(path, { ...options, method: route.method, body });
    },
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body: body ?? {} }),
  };
}

function parseSuccess<T>(response: RawResponse, url: string): T {
  // Every route answers JSON (WIRE.md §1.3); an empty body is read as `{}`.
  if (response.text.trim() === '') return {} as T;
  try {
    return JSON.parse(response.text) as T;
  } catch (cause) {
    throw new LatchkeyClientError('network_error', 'The server sent a response that is not JSON', {
      cause,
      details: url,
    });
  }
}

function apiError(response: RawResponse): LatchkeyApiError {
  let body: Partial<ErrorBody> & { message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(response.text);
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    // Not JSON (a proxy's error page): fall back on the status.
  }
  const fallbackCode: ServerErrorCode = response.status >= 500 ? 'internal_error' : 'invalid_request';
  const code = typeof body.code === 'string' ? body.code : fallbackCode;
  const message =
    typeof body.error === 'string'
      ? body.error
      : typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${response.status}`;
  return new LatchkeyApiError(response.status, code, message, { data: body.data });
}
