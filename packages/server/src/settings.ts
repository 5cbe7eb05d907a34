import { limits } from '@latchkey/protocol';
import { type LogLevel, logLevels } from './logger.ts';

/** Server-wide settings, from the environment or the caller (tests, CLI). */
export interface ServerSettings {
  /** `iss` of every token. `privy.io` keeps unmodified server-auth verifiers working (WIRE.md §5.1). */
  issuer: string;
  accessTokenTtlSeconds: number;
  identityTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A session's absolute lifetime from the login that opened it, however its tokens rotate. */
  sessionTtlSeconds: number;
  /**
   * How soon after logging in a wallet frame may enroll its device key (and so receive share
   * material): a token stolen later cannot enroll the thief's key (docs/security.md).
   */
  deviceEnrollmentWindowSeconds: number;
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /** Off only for benchmarks and load tests that hammer one identifier from one IP. */
  rateLimitsEnabled: boolean;
  /** Users a development app may have before `max_accounts_reached`. */
  developmentUserLimit: number;
  /**
   * Reverse proxies in front of the server, each appending to `X-Forwarded-For`: the client IP is
   * the entry that many from the right. 0 (the default) uses the socket address and ignores the header.
   */
  trustProxy: number;
  /** Analytics events older than this are deleted by the retention sweep. */
  analyticsRetentionDays: number;
  /** Analytics events kept per app at most; further events are dropped until the sweep frees room. */
  analyticsMaxEventsPerApp: number;
  /**
   * JSON-RPC URL per chain, by CAIP-2 id (`eip155:8453`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`;
   * `LATCHKEY_RPC_URLS`, where a bare number means `eip155:N`): server wallets' sends, balances and
   * the chain watcher, and SIWE's contract-wallet signatures (EIP-1271 / EIP-6492). An app's own
   * `rpc_urls` setting comes first (server-wallets/transactions/chains.ts `rpcUrlFor`).
   */
  rpcUrls: Record<string, string>;
  /**
   * Per chain (CAIP-2), when the chain watcher calls a send still pending, gives it up as failed, and
   * counts it confirmed (`LATCHKEY_CHAIN_THRESHOLDS`, JSON); unlisted chains take the defaults of
   * server-wallets/transactions/chains.ts.
   */
  chainThresholds: Record<string, Partial<ChainThresholds>>;
  /** How often the chain watcher looks at pending sends and new blocks (`LATCHKEY_CHAIN_WATCHER_POLL_MS`). */
  chainWatcherPollMs: number;
  /**
   * How long one process holds the chain watcher's lease (`LATCHKEY_CHAIN_WATCHER_LEASE_SECONDS`):
   * one watcher runs across replicas; when its process dies another takes over after this.
   */
  chainWatcherLeaseSeconds: number;
  /**
   * Per OAuth provider (`google`, …, `github`), endpoints that replace its real ones, by their
   * metadata names (`issuer`, `authorization_endpoint`, `token_endpoint`, `userinfo_endpoint`,
   * `jwks_uri`, and a provider's own such as GitHub's `emails_endpoint`): how tests point the
   * production client code at local stand-ins (`LATCHKEY_OAUTH_ENDPOINTS`).
   */
  oauthEndpoints: Record<string, Record<string, string>>;
  /**
   * The origin browsers reach this server at (`https://auth.example.com`). The server never takes
   * its own origin from a request's Host header (a client chooses that): outside development it
   * must be set, and in development `listen` sets it to the address it listens on.
   */
  publicUrl: string | null;
  /**
   * Development mode (`latchkey dev`, `npm start`, `LATCHKEY_DEVELOPMENT=true`): the public URL may
   * be left out, and codes for channels without a provider go to the dev outbox. Never in production.
   */
  development: boolean;
  /**
   * Webhook deliveries may go to private, loopback, link-local, CGNAT, multicast and metadata
   * addresses (`LATCHKEY_WEBHOOK_ALLOW_PRIVATE=true`): off by default, so an app's endpoint URL
   * cannot reach the server's own network (SSRF). Tests with a local receiver turn it on.
   */
  webhookAllowPrivate: boolean;
  /** Webhook endpoints may be plain `http://` (`LATCHKEY_WEBHOOK_ALLOW_HTTP=true`; always in development). */
  webhookAllowHttp: boolean;
  /** How long a webhook receiver has to answer (`LATCHKEY_WEBHOOK_TIMEOUT_MS`). */
  webhookTimeoutMs: number;
  /**
   * How long a worker holds the deliveries it claimed (`LATCHKEY_WEBHOOK_LEASE_SECONDS`): a crashed
   * process's deliveries are tried again after it. Longer than the timeout.
   */
  webhookLeaseSeconds: number;
  /** How often the webhook worker looks for due deliveries (`LATCHKEY_WEBHOOK_POLL_MS`). */
  webhookPollMs: number;
  /** Requests to receivers in flight at once, per process (`LATCHKEY_WEBHOOK_CONCURRENCY`). */
  webhookConcurrency: number;
  /** Finished deliveries (delivered or dead-lettered) and their events are kept this long. */
  webhookRetentionDays: number;
  /** What the console logger writes (`LATCHKEY_LOG_LEVEL`: info, error or silent). */
  logLevel: LogLevel;
  /** One access line per request (`LATCHKEY_ACCESS_LOG=off` turns them off; errors still log). */
  accessLog: boolean;
  /**
   * Serve Prometheus metrics at `/metrics` with no credentials (`LATCHKEY_METRICS=true`): for a
   * server whose `/metrics` the reverse proxy keeps off the internet. Off by default, since the
   * API port faces browsers and the metrics show traffic by route.
   */
  metrics: boolean;
  /**
   * Serve `/metrics` to `Authorization: Bearer <this>` only (`LATCHKEY_METRICS_TOKEN`, at least 16
   * characters): the scraper's credential, when the port is reachable from outside.
   */
  metricsToken: string | null;
}

export const defaultSettings: ServerSettings = {
  issuer: 'privy.io',
  accessTokenTtlSeconds: limits.accessTokenTtlSeconds,
  identityTokenTtlSeconds: limits.identityTokenTtlSeconds,
  refreshTokenTtlSeconds: limits.refreshTokenTtlSeconds,
  sessionTtlSeconds: limits.sessionTtlSeconds,
  deviceEnrollmentWindowSeconds: 5 * 60,
  bodyLimitBytes: 100 * 1024,
  rateLimitsEnabled: true,
  developmentUserLimit: 150,
  trustProxy: 0,
  analyticsRetentionDays: 90,
  analyticsMaxEventsPerApp: 1_000_000,
  rpcUrls: {},
  chainThresholds: {},
  chainWatcherPollMs: 2000,
  chainWatcherLeaseSeconds: 30,
  oauthEndpoints: {},
  publicUrl: null,
  development: false,
  webhookAllowPrivate: false,
  webhookAllowHttp: false,
  webhookTimeoutMs: 10_000,
  webhookLeaseSeconds: 60,
  webhookPollMs: 1000,
  webhookConcurrency: 8,
  webhookRetentionDays: 30,
  logLevel: 'info',
  accessLog: true,
  metrics: false,
  metricsToken: null,
};

/** Reads settings from `LATCHKEY_*` environment variables, falling back to the defaults. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const num = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number`);
    return parsed;
  };
  return {
    issuer: env.LATCHKEY_ISSUER || defaultSettings.issuer,
    accessTokenTtlSeconds: num('LATCHKEY_ACCESS_TOKEN_TTL', defaultSettings.accessTokenTtlSeconds),
    identityTokenTtlSeconds: num('LATCHKEY_IDENTITY_TOKEN_TTL', defaultSettings.identityTokenTtlSeconds),
    refreshTokenTtlSeconds: num('LATCHKEY_REFRESH_TOKEN_TTL', defaultSettings.refreshTokenTtlSeconds),
    sessionTtlSeconds: num('LATCHKEY_SESSION_TTL', defaultSettings.sessionTtlSeconds),
    deviceEnrollmentWindowSeconds: num(
      'LATCHKEY_DEVICE_ENROLLMENT_WINDOW',
      defaultSettings.deviceEnrollmentWindowSeconds,
    ),
    bodyLimitBytes: num('LATCHKEY_BODY_LIMIT', defaultSettings.bodyLimitBytes),
    rateLimitsEnabled: env.LATCHKEY_RATE_LIMITS !== 'off',
    developmentUserLimit: num('LATCHKEY_DEVELOPMENT_USER_LIMIT', defaultSettings.developmentUserLimit),
    trustProxy: trustProxyFromEnv(env.LATCHKEY_TRUST_PROXY),
    analyticsRetentionDays: num('LATCHKEY_ANALYTICS_RETENTION_DAYS', defaultSettings.analyticsRetentionDays),
    analyticsMaxEventsPerApp: num('LATCHKEY_ANALYTICS_MAX_EVENTS', defaultSettings.analyticsMaxEventsPerApp),
    rpcUrls: rpcUrlsFromEnv(env.LATCHKEY_RPC_URLS),
    chainThresholds: chainThresholdsFromEnv(env.LATCHKEY_CHAIN_THRESHOLDS),
    chainWatcherPollMs: num('LATCHKEY_CHAIN_WATCHER_POLL_MS', defaultSettings.chainWatcherPollMs),
    chainWatcherLeaseSeconds: num(
      'LATCHKEY_CHAIN_WATCHER_LEASE_SECONDS',
      defaultSettings.chainWatcherLeaseSeconds,
    ),
    oauthEndpoints: oauthEndpointsFromEnv(env.LATCHKEY_OAUTH_ENDPOINTS),
    publicUrl: publicUrlFromEnv(env.LATCHKEY_PUBLIC_URL),
    development: env.LATCHKEY_DEVELOPMENT === 'true',
    webhookAllowPrivate: env.LATCHKEY_WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookAllowHttp: env.LATCHKEY_WEBHOOK_ALLOW_HTTP === 'true',
    webhookTimeoutMs: num('LATCHKEY_WEBHOOK_TIMEOUT_MS', defaultSettings.webhookTimeoutMs),
    webhookLeaseSeconds: num('LATCHKEY_WEBHOOK_LEASE_SECONDS', defaultSettings.webhookLeaseSeconds),
    webhookPollMs: num('LATCHKEY_WEBHOOK_POLL_MS', defaultSettings.webhookPollMs),
    webhookConcurrency: num('LATCHKEY_WEBHOOK_CONCURRENCY', defaultSettings.webhookConcurrency),
    webhookRetentionDays: num('LATCHKEY_WEBHOOK_RETENTION_DAYS', defaultSettings.webhookRetentionDays),
    logLevel: logLevelFromEnv(env.LATCHKEY_LOG_LEVEL),
    accessLog: env.LATCHKEY_ACCESS_LOG !== 'off' && env.LATCHKEY_ACCESS_LOG !== 'false',
    metrics: env.LATCHKEY_METRICS === 'true',
    metricsToken: metricsTokenFromEnv(env.LATCHKEY_METRICS_TOKEN),
  };
}

/** `LATCHKEY_LOG_LEVEL`: info (default), error, or silent. */
function logLevelFromEnv(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return defaultSettings.logLevel;
  if (!(logLevels as readonly string[]).includes(value))
    throw new Error(`LATCHKEY_LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  return value as LogLevel;
}

/** `LATCHKEY_METRICS_TOKEN`: a bearer credential; too short to resist guessing is refused. */
function metricsTokenFromEnv(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 16 || !/^[\x21-\x7e]+$/.test(value))
    throw new Error('LATCHKEY_METRICS_TOKEN must be at least 16 printable characters, no spaces');
  return value;
}

/**
 * `LATCHKEY_TRUST_PROXY`: `true` is one proxy in front, a whole number that many (`2`: a CDN and a
 * load balancer), `false` / unset / `0` none.
 */
function trustProxyFromEnv(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  throw new Error('LATCHKEY_TRUST_PROXY must be true, false or the number of trusted proxies (e.g. 2)');
}

/** `LATCHKEY_PUBLIC_URL`: a bare http(s) origin, no path (WIRE.md §1.1). */
function publicUrlFromEnv(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, ''))
    throw new Error('LATCHKEY_PUBLIC_URL must be an origin such as https://auth.example.com');
  return url.origin;
}

/**
 * `LATCHKEY_RPC_URLS`: a JSON object of chain to http(s) URL, the chain a CAIP-2 id
 * (`{"eip155:1":"https://…","solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1":"https://…"}`) or a bare EVM
 * chain id (`{"1":"https://…"}`, meaning `eip155:1`). Keys come out as CAIP-2 ids.
 */
export function rpcUrlsFromEnv(value: string | undefined): Record<string, string> {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('LATCHKEY_RPC_URLS must be a JSON object of chain (CAIP-2 id or EVM chain id) to URL');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('LATCHKEY_RPC_URLS must be a JSON object of chain (CAIP-2 id or EVM chain id) to URL');
  const urls: Record<string, string> = {};
  for (const [chain, url] of Object.entries(parsed)) {
    const caip2 = normalCaip2(chain);
    if (!caip2 || typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url))
      throw new Error(`LATCHKEY_RPC_URLS: invalid entry for chain ${chain}`);
    urls[caip2] = url;
  }
  return urls;
}

/**
 * A chain key as `LATCHKEY_RPC_URLS` and `LATCHKEY_CHAIN_THRESHOLDS` take it, as a CAIP-2 id: a bare
 * EVM chain id is `eip155:N`; `eip155:N` and `solana:<32–44 base58>` are themselves; null otherwise.
 */
export function normalCaip2(key: string): string | null {
  if (/^[1-9]\d{0,15}$/.test(key)) return `eip155:${key}`;
  if (/^eip155:[1-9]\d{0,15}$/.test(key)) return key;
  if (/^solana:[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(key)) return key;
  return null;
}

/** When the chain watcher acts on a send (server-wallets/transactions/chains.ts has the defaults). */
export interface ChainThresholds {
  /** After this long unconfirmed, `transaction.still_pending` is sent once. */
  stillPendingAfterMs: number;
  /** After this long unconfirmed, the send is `failed`; null: never (only a dropped send fails). */
  failAfterMs: number | null;
  /** Blocks (counting its own) a send's block needs before it is `confirmed`. */
  confirmations: number;
  /** How long a node may not know a broadcast send (and its nonce stay unused) before it counts as dropped. */
  droppedAfterMs: number;
}

/**
 * `LATCHKEY_CHAIN_THRESHOLDS`: per chain, `{"eip155:8453":{"still_pending_after_seconds":60,
 * "fail_after_seconds":600,"confirmations":2,"dropped_after_seconds":60}}`; each field optional,
 * `fail_after_seconds` may be null (never).
 */
function chainThresholdsFromEnv(value: string | undefined): Record<string, Partial<ChainThresholds>> {
  if (!value) return {};
  const fail = (detail: string): never => {
    throw new Error(`LATCHKEY_CHAIN_THRESHOLDS: ${detail}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    fail('must be a JSON object of chain to thresholds');
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed)) return fail('must be a JSON object of chain to thresholds');
  const seconds = (chain: string, name: string, v: unknown) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
      fail(`${chain}.${name} must be a positive number`);
    return Math.round((v as number) * 1000);
  };
  const out: Record<string, Partial<ChainThresholds>> = {};
  for (const [chain, entry] of Object.entries(parsed)) {
    const caip2 = normalCaip2(chain) ?? fail(`unknown chain ${chain}`);
    if (!isObject(entry)) return fail(`${chain} must be an object`);
    const t: Partial<ChainThresholds> = {};
    for (const [name, v] of Object.entries(entry)) {
      if (name === 'still_pending_after_seconds') t.stillPendingAfterMs = seconds(chain, name, v);
      else if (name === 'fail_after_seconds') t.failAfterMs = v === null ? null : seconds(chain, name, v);
      else if (name === 'dropped_after_seconds') t.droppedAfterMs = seconds(chain, name, v);
      else if (name === 'confirmations') {
        if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 1000)
          fail(`${chain}.confirmations must be a whole number from 1 to 1000`);
        t.confirmations = v as number;
      } else fail(`${chain}: unknown field ${name}`);
    }
    out[caip2] = t;
  }
  return out;
}

/**
 * `LATCHKEY_OAUTH_ENDPOINTS`: a JSON object of provider to endpoint overrides, e.g.
 * `{"github":{"authorization_endpoint":"http://127.0.0.1:4000/github/login/oauth/authorize"}}`.
 */
export function oauthEndpointsFromEnv(value: string | undefined): Record<string, Record<string, string>> {
  if (!value) return {};
  const fail = (detail: string): never => {
    throw new Error(`LATCHKEY_OAUTH_ENDPOINTS: ${detail}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    fail('must be a JSON object of provider to {endpoint name: URL}');
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed)) return fail('must be a JSON object of provider to {endpoint name: URL}');
  const out: Record<string, Record<string, string>> = {};
  for (const [provider, endpoints] of Object.entries(parsed)) {
    if (!/^([a-z]{2,20}|custom:[a-z0-9_-]{1,50})$/.test(provider)) fail(`unknown provider ${provider}`);
    if (!isObject(endpoints)) return fail(`${provider} must map endpoint names to URLs`);
    out[provider] = {};
    for (const [name, url] of Object.entries(endpoints)) {
      if (!/^[a-z_]{1,40}$/.test(name) || typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url))
        fail(`invalid endpoint ${provider}.${name}`);
      out[provider][name] = url as string;
    }
  }
  return out;
}
