/**
 * The tables of webhook delivery: an app's endpoints, one delivery per (event, endpoint), and the
 * log of each try. Created by the feature's migration `0014_webhooks` (migrations.ts), merged into
 * `Database` here. The events themselves are the `outbox` rows (storage/schema.ts), written in the
 * transaction of the change.
 */
declare module '../storage/schema.ts' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}

export interface WebhookEndpointsTable {
  id: string;
  app_id: string;
  url: string;
  /** JSON array of event types; null: every type. */
  event_types: string | null;
  enabled: number;
  /** The `whsec_` secret, sealed by the secret box (bound to the endpoint): shown once, never stored plain. */
  secret_sealed: string;
  created_at: number;
  updated_at: number;
}

/** One event to one endpoint: tried until delivered or the retry schedule runs out. */
export interface WebhookDeliveriesTable {
  id: string;
  app_id: string;
  endpoint_id: string;
  /** The outbox row: its id is the `webhook-id` every try sends (receivers dedupe on it). */
  event_id: string;
  /** The event's order in the outbox (`outbox.seq`): deliveries due at once go in event order. */
  event_seq: number;
  /** `pending`, `delivered` or `failed` (dead letter). */
  status: string;
  attempts: number;
  next_attempt_at: number;
  /** A worker's lease: until then no other worker takes the row; a crashed worker's rows come back after it. */
  claimed_until: number | null;
  claimed_by: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The delivery log: one row per try. */
export interface WebhookAttemptsTable {
  id: string;
  app_id: string;
  endpoint_id: string;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  created_at: number;
}
