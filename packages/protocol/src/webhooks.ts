/**
 * Webhooks (WIRE.md §7.6): the event types a Latchkey server delivers, and the bodies of the admin
 * API that manages an app's endpoints. Deliveries are signed with the Standard Webhooks / Svix scheme.
 */

/**
 * Every event type an endpoint may subscribe to: those of spec document 1 §3 that Latchkey produces,
 * `user.deleted` (WIRE.md §7.6), and the server wallets' `transaction.*` and `wallet.funds_*`.
 */
export const webhookEventTypes = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.updated_account',
  'user.transferred_account',
  'user.wallet_created',
  'user.deleted',
  'mfa.enabled',
  'mfa.disabled',
  'wallet.recovery_setup',
  'wallet.recovered',
  'wallet.private_key_export',
  // Server wallets' transactions (REFERENCES §1.9): a send's statuses, and native coins moving.
  'transaction.broadcasted',
  'transaction.confirmed',
  'transaction.execution_reverted',
  'transaction.failed',
  'transaction.replaced',
  'transaction.still_pending',
  'wallet.funds_deposited',
  'wallet.funds_withdrawn',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The headers of a delivery: both the Svix spelling and the Standard Webhooks one. */
export const webhookHeaders = {
  svixId: 'svix-id',
  svixTimestamp: 'svix-timestamp',
  svixSignature: 'svix-signature',
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** An endpoint as the admin API shows it; the secret only on create and on rotation. */
export interface WebhookEndpoint {
  id: string;
  app_id: string;
  url: string;
  /** null: every event type. */
  event_types: WebhookEventType[] | null;
  enabled: boolean;
  created_at: number;
  updated_at: number;
}

export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** `whsec_` + base64 of 32 random bytes: shown once. */
  secret: string;
}

/** `pending` (will be tried again), `delivered`, or `failed` (the retry schedule ran out: dead letter). */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One try of a delivery, as the delivery log shows it. */
export interface WebhookAttempt {
  attempt: number;
  status_code: number | null;
  latency_ms: number;
  /** The first KiB of the receiver's answer. */
  response_excerpt: string | null;
  /** Why no answer was had (timeout, refused address, connection error). */
  error: string | null;
  created_at: number;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  created_at: number;
  log: WebhookAttempt[];
}
