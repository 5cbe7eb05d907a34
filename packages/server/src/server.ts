import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { assertAdminKey, ensureAdminKey } from './admin/admin-key.ts';
import { buildHttpApp } from './app.ts';
import { AppCache } from './app-config/app-cache.ts';
import { type CaptchaProvider, siteverifyClient, siteverifyUrls } from './captcha/captcha-verifier.ts';
import type { ServerContext } from './context.ts';
import type { KeyStore } from './crypto/key-store.ts';
import { type KeyStoreConfig, keyStoreConfigFromEnv } from './crypto/key-store-config.ts';
import { SigningKeys } from './crypto/signing-keys.ts';
import { type Delivery, type OutgoingMessage, routeDelivery } from './delivery/delivery.ts';
import { DevOutbox, type DevOutboxStore } from './delivery/dev-outbox.ts';
import { type TwilioOptions, twilioDelivery } from './delivery/twilio.ts';
import { unconfiguredDelivery } from './delivery/unconfigured.ts';
import { closeSessionStreams } from './embedded-wallets/session-events.ts';
import { featureMigrations, sweepEntries } from './features.ts';
import type { AppEnv } from './http/env.ts';
import { createRateLimits } from './http/rate-limit.ts';
import { consoleLogger, type Logger } from './logger.ts';
import { Metrics } from './metrics/metrics.ts';
import { openServerKeys } from './server-keys.ts';
import { type ChainWatcher, startChainWatcher } from './server-wallets/transactions/watcher.ts';
import { defaultSettings, type ServerSettings, settingsFromEnv } from './settings.ts';
import { openStorage, type StorageOptions } from './storage/db.ts';
import { collectMigrations } from './storage/migrations.ts';
import { startRetentionSweeps } from './storage/retention.ts';
import { countPendingDeliveries } from './webhooks/deliveries.ts';
import { startWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';

export interface LatchkeyOptions extends StorageOptions {
  settings?: Partial<ServerSettings>;
  /** 32 bytes; defaults to `LATCHKEY_MASTER_KEY` or the data dir's key file. */
  masterKey?: Uint8Array;
  /**
   * Seals wallet recovery material (tests, embedders); the caller closes it. Otherwise one is
   * opened from `keyStoreConfig` (`LATCHKEY_KEY_STORE`), or in development the key file beside the
   * data dir; outside development one of the two is required.
   */
  keyStore?: KeyStore;
  keyStoreConfig?: KeyStoreConfig | null;
  /** Defaults to `LATCHKEY_ADMIN_KEY`, else generated on first start; at least 32 characters. */
  adminKey?: string;
  /** Serve `/admin/v1` (default true). CLI commands that serve nothing turn it off. */
  adminApi?: boolean;
  smtp?: { url: string; from: string };
  twilio?: TwilioOptions;
  /** Captcha siteverify endpoints (default: the providers'); tests point them at a local double. */
  captchaVerifyUrls?: Partial<Record<CaptchaProvider, string>>;
  redisUrl?: string;
  log?: Logger;
  /** Unix-seconds clock; tests move it. */
  now?: () => number;
  /** How often expired rows are swept (storage/retention.ts); default every 10 minutes. */
  sweepIntervalMs?: number;
  /**
   * Deliver webhooks from the outbox in this process (default: when the admin API is served, i.e.
   * a server; CLI commands that serve nothing leave it to the servers).
   */
  webhookWorker?: boolean;
  /**
   * Watch server wallets' sends and deposits on their chains in this process (default: as
   * `webhookWorker`). Across replicas one watcher runs at a time (a lease in the database).
   */
  chainWatcher?: boolean;
  /**
   * This process is one worker of `latchkey serve --workers N` (cli/serve-command.ts): without Redis
   * its rate limits are counted by the primary process, and in development its dev outbox is the
   * primary's, so every worker sees the same budgets and messages.
   */
  clusterWorker?: { devOutbox: DevOutboxStore };
  /** How the dev outbox shows a message it keeps: a JSON log line by default (DevOutbox). */
  showDevMessage?: (message: OutgoingMessage) => void;
}

export interface Latchkey {
  ctx: ServerContext;
  http: Hono<AppEnv>;
  /**
   * Present in development mode when SMTP or Twilio is not configured (and this process keeps it:
   * a cluster worker's is the primary's).
   */
  devOutbox: DevOutbox | null;
  /** The admin key, only on the start that generated it. */
  generatedAdminKey: string | null;
  /** The webhook delivery worker, when this process runs one. */
  webhooks: WebhookWorker | null;
  /** The server wallets' chain watcher, when this process runs one. */
  chainWatcher: ChainWatcher | null;
  close(): Promise<void>;
}

/** Reads every option from the environment (`DATABASE_URL`, `SMTP_URL`, `TWILIO_*`, `LATCHKEY_*`). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): LatchkeyOptions {
  const options: LatchkeyOptions = { settings: settingsFromEnv(env) };
  if (env.DATABASE_URL) options.databaseUrl = env.DATABASE_URL;
  if (env.LATCHKEY_PG_PREPARED_STATEMENTS === 'off') options.preparedStatements = false;
  if (env.LATCHKEY_ADMIN_KEY) options.adminKey = env.LATCHKEY_ADMIN_KEY;
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL;
  options.keyStoreConfig = keyStoreConfigFromEnv(env);
  const captchaVerifyUrls: Partial<Record<CaptchaProvider, string>> = {};
  if (env.LATCHKEY_TURNSTILE_VERIFY_URL) captchaVerifyUrls.turnstile = env.LATCHKEY_TURNSTILE_VERIFY_URL;
  if (env.LATCHKEY_HCAPTCHA_VERIFY_URL) captchaVerifyUrls.hcaptcha = env.LATCHKEY_HCAPTCHA_VERIFY_URL;
  options.captchaVerifyUrls = captchaVerifyUrls;
  if (env.SMTP_URL)
    options.smtp = { url: env.SMTP_URL, from: env.EMAIL_FROM || 'Latchkey <no-reply@localhost>' };
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    options.twilio = {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      ...(env.TWILIO_API_URL ? { apiUrl: env.TWILIO_API_URL } : {}),
    };
  }
  return options;
}

/**
 * Opens storage, runs migrations, checks the master key and the key store against the database
 * (refusing to start on a mismatch, or with an admin key under 32 characters) and builds the server.
 */
export async function createLatchkey(options: LatchkeyOptions = {}): Promise<Latchkey> {
  // Before anything is opened: a start that would serve a guessable key fails here, saying why.
  assertAdminKey(options.adminKey);
  const settings = { ...defaultSettings, ...options.settings };
  const log = options.log ?? consoleLogger(undefined, settings.logLevel);
  const dataDir = options.dataDir ?? '.latchkey';
  const storage = await openStorage(options, featureMigrations());
  const keys = await openServerKeys({
    db: storage.db,
    masterKey: options.masterKey,
    keyStore: options.keyStore,
    keyStoreConfig: options.keyStoreConfig,
    dataDir,
    database: options.databaseUrl
      ? `PostgreSQL (DATABASE_URL${options.schema ? `, schema ${options.schema}` : ''})`
      : dataDir === ':memory:'
        ? 'SQLite in memory'
        : `SQLite ${join(dataDir, 'latchkey.sqlite')}`,
    development: settings.development,
    log,
  }).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  // ioredis and nodemailer are imported only when configured: each adds 0.1–0.2 s to a start
  // (the CLI's storage commands open the server too).
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  // The dev outbox prints codes to the log: development only. Outside it, a channel without a
  // provider refuses to send.
  const devOutbox =
    settings.development && !(options.smtp && options.twilio) && !options.clusterWorker
      ? new DevOutbox(log, options.showDevMessage)
      : null;
  const outbox: DevOutboxStore | null =
    settings.development && !(options.smtp && options.twilio)
      ? (options.clusterWorker?.devOutbox ?? devOutbox)
      : null;
  const email: Delivery = options.smtp
    ? (await import('./delivery/smtp.ts')).smtpDelivery(options.smtp)
    : (outbox ?? unconfiguredDelivery('Email'));
  const phone: Delivery = options.twilio
    ? twilioDelivery(options.twilio)
    : (outbox ?? unconfiguredDelivery('SMS'));
  if (!outbox && !(options.smtp && options.twilio))
    log.info('code delivery not configured; those codes are refused', {
      email: options.smtp ? 'smtp' : 'none',
      sms: options.twilio ? 'twilio' : 'none',
    });
  const ctx: ServerContext = {
    db: storage.db,
    dialect: storage.dialect,
    settings,
    secretBox: keys.secretBox,
    codeKey: keys.codeKey,
    keyStore: keys.keyStore,
    delivery: routeDelivery(email, phone),
    captcha: siteverifyClient({ ...siteverifyUrls, ...options.captchaVerifyUrls }),
    rateLimits: createRateLimits({
      enabled: settings.rateLimitsEnabled,
      ...(redis ? { redis } : { cluster: options.clusterWorker !== undefined }),
    }),
    apps: new AppCache(storage.db),
    signingKeys: new SigningKeys(storage.db, keys),
    log,
    metrics: new Metrics({
      pendingWebhookDeliveries: () => countPendingDeliveries(storage.db),
      pool: () =>
        storage.pool
          ? {
              total: storage.pool.totalCount,
              idle: storage.pool.idleCount,
              waiting: storage.pool.waitingCount,
            }
          : null,
    }),
    migrations: Object.keys(collectMigrations(featureMigrations())),
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
  };
  const admin = options.adminApi === false ? null : await ensureAdminKey(ctx, options.adminKey);
  const http = buildHttpApp(ctx, { adminKeyHash: admin?.hash ?? null, devOutbox: outbox });
  const sweeps = startRetentionSweeps(ctx, sweepEntries(), options.sweepIntervalMs);
  const webhooks = (options.webhookWorker ?? options.adminApi !== false) ? startWebhookWorker(ctx) : null;
  const chainWatcher =
    (options.chainWatcher ?? options.webhookWorker ?? options.adminApi !== false)
      ? startChainWatcher(ctx)
      : null;
  return {
    ctx,
    http,
    devOutbox,
    generatedAdminKey: admin?.generated ?? null,
    webhooks,
    chainWatcher,
    async close() {
      closeSessionStreams(ctx);
      await chainWatcher?.stop();
      await webhooks?.stop();
      await sweeps.stop();
      ctx.delivery.close?.();
      redis?.disconnect();
      await storage.close();
      await keys.close();
    },
  };
}

/** A server that serves outside development must know its public URL (see `ServerSettings.publicUrl`). */
export function assertPublicUrl(settings: Partial<Pick<ServerSettings, 'publicUrl' | 'development'>>): void {
  if (!settings.publicUrl && !settings.development)
    throw new Error(
      'LATCHKEY_PUBLIC_URL must be set (the origin browsers reach this server at, e.g. https://auth.example.com): ' +
        'the wallet frame is served from it, and the server never takes its own origin from a Host header',
    );
}

/** The URL of a server listening on `address:port`, as the CLI prints it. */
export function listeningUrl(address: string | null, port: number): string {
  // A wildcard address is no origin a browser can use; loopback is what development means.
  const local = !address || address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

/** How long `close()` lets requests in flight finish before it cuts their connections. */
export const shutdownGraceMs = 10_000;

/**
 * Serves the app on `host:port` (port 0 picks a free one) and resolves with its URL. Outside
 * development the public URL must be configured; in development it defaults to this address.
 * `close()` is graceful: it stops accepting, lets requests in flight finish (up to `graceMs`) and
 * resolves once every connection is closed.
 */
export function listen(
  latchkey: Latchkey,
  options: { port: number; host: string },
): Promise<{ url: string; close(graceMs?: number): Promise<void> }> {
  const { settings } = latchkey.ctx;
  assertPublicUrl(settings);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: latchkey.http.fetch, port: options.port, hostname: options.host },
      (info) => {
        const url = listeningUrl(info.address, info.port);
        settings.publicUrl ??= url;
        resolve({
          url,
          close: (graceMs = shutdownGraceMs) =>
            new Promise<void>((done) => {
              // An event stream is never done: end them now, or each would hold close() for the grace period.
              closeSessionStreams(latchkey.ctx);
              const http = server as unknown as {
                closeIdleConnections(): void;
                closeAllConnections(): void;
              };
              // A keep-alive connection between requests would hold close() open: idle ones are
              // closed now, and each busy one as soon as its request is answered; any still busy
              // after the grace period are cut.
              const sweep = setInterval(() => http.closeIdleConnections(), 20);
              const deadline = setTimeout(() => http.closeAllConnections(), graceMs);
              server.close(() => {
                clearInterval(sweep);
                clearTimeout(deadline);
                done();
              });
              http.closeIdleConnections();
            }),
        });
      },
    );
    // A busy port (EADDRINUSE) is an error the caller reports, not an uncaught exception.
    server.once('error', reject);
  });
}
