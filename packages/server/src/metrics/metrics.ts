import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the database on a scrape (the webhook queue, the connection pool). */
export interface MetricsSources {
  /** Webhook deliveries waiting to be sent (pending, including those being retried). */
  pendingWebhookDeliveries(): Promise<number>;
  /** The PostgreSQL pool's connections; null on SQLite (one embedded connection, nothing to watch). */
  pool(): { total: number; idle: number; waiting: number } | null;
}

/** The label a request gets when no route matched (a 404, a CORS preflight): one series, not one per path. */
export const unmatchedRoute = '(unmatched)';

/** Request latency buckets, in seconds: most answers take milliseconds; password hashing and RPC calls, more. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics (all named `latchkey_*`, plus the process defaults), on a
 * registry of its own: several servers in one process (tests, embedders) never share counters.
 * Labels are bounded sets (route patterns, methods, statuses, login methods, channels), never ids.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #logins: Counter<'method' | 'new_user'>;
  readonly #codeSends: Counter<'channel' | 'outcome'>;
  readonly #webhookOutcomes: Counter<'outcome'>;

  constructor(sources: MetricsSources | null = null) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'latchkey_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new Histogram({
      name: 'latchkey_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: latencyBuckets,
      registers,
    });
    this.#logins = new Counter({
      name: 'latchkey_logins_total',
      help: 'Completed logins, by method (linked account type) and whether they signed a new user up.',
      labelNames: ['method', 'new_user'],
      registers,
    });
    this.#codeSends = new Counter({
      name: 'latchkey_code_sends_total',
      help: 'Verification codes handed to delivery, by channel (email, sms, whatsapp) and outcome (sent, failed).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.#webhookOutcomes = new Counter({
      name: 'latchkey_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: delivered, retried (failed, tried again later), failed (dead-lettered).',
      labelNames: ['outcome'],
      registers,
    });
    if (!sources) return;
    new Gauge({
      name: 'latchkey_webhook_queue_depth',
      help: 'Webhook deliveries pending (not yet delivered nor dead-lettered), read on scrape.',
      registers,
      // Read from the one database: the workers of `serve --workers N` all see the same count.
      aggregator: 'first',
      async collect() {
        this.set(await sources.pendingWebhookDeliveries());
      },
    });
    const pool = new Gauge({
      name: 'latchkey_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, waiting (requests queued for one).',
      labelNames: ['state'],
      registers,
      collect() {
        const use = sources.pool();
        if (!use) return;
        for (const [state, value] of Object.entries(use)) this.set({ state }, value);
      },
    });
    void pool;
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#latency.observe(labels, seconds);
  }

  login(method: string, newUser: boolean): void {
    this.#logins.inc({ method, new_user: String(newUser) });
  }

  codeSend(channel: string, outcome: 'sent' | 'failed'): void {
    this.#codeSends.inc({ channel, outcome });
  }

  webhookDelivery(outcome: 'delivered' | 'retried' | 'failed'): void {
    this.#webhookOutcomes.inc({ outcome });
  }

  #aggregate: (() => Promise<{ body: string; contentType: string }>) | null = null;

  /**
   * Scrapes answer with `aggregate()` instead of this registry alone: a worker of
   * `serve --workers N` serves the sum over all workers (cluster/worker-metrics.ts).
   */
  aggregateWith(aggregate: () => Promise<{ body: string; contentType: string }>): void {
    this.#aggregate = aggregate;
  }

  /** The text exposition format, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    if (this.#aggregate) return this.#aggregate();
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
