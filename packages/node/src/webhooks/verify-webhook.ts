import { WebhookVerificationError as SignatureError, Webhook } from 'standardwebhooks';
import { WebhookVerificationError } from '../errors.ts';
import type { WebhookEvent } from './events.ts';

/**
 * The request's headers: a fetch `Headers` (Hono, Next.js route handlers), or Node's
 * `IncomingHttpHeaders` (Express, `node:http`), or any plain record.
 */
export type WebhookHeaders =
  | Headers
  | Record<string, string | readonly string[] | undefined>
  | { get(name: string): string | null };

const names = ['id', 'timestamp', 'signature'] as const;

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value as string | undefined;
}

/**
 * The three signature headers, from either spelling: Latchkey sends Svix's `svix-id`,
 * `svix-timestamp` and `svix-signature`; Standard Webhooks names them `webhook-*`. One spelling is
 * taken whole, never a mix of the two.
 */
function signatureHeaders(headers: WebhookHeaders): Record<string, string> {
  for (const prefix of ['webhook', 'svix']) {
    const values = names.map((name) => headerValue(headers, `${prefix}-${name}`));
    if (values.every((v) => typeof v === 'string' && v !== '')) {
      return Object.fromEntries(names.map((name, i) => [`webhook-${name}`, values[i]!]));
    }
  }
  throw new WebhookVerificationError(
    'Missing webhook signature headers (svix-id, svix-timestamp, svix-signature).',
  );
}

/**
 * Verifies a webhook request from Latchkey and returns its event. `payload` is the RAW request body,
 * exactly the bytes received (read it before any JSON body parser); `secret` is the endpoint's
 * `whsec_…` secret, or several during a secret rotation. The signature is an HMAC-SHA256 over
 * `id.timestamp.body` (Standard Webhooks / Svix), checked by the `standardwebhooks` library, and the
 * timestamp must be within five minutes of this machine's clock (so a captured request cannot be
 * replayed later). Throws `WebhookVerificationError` on any failure.
 *
 * @example
 * const event = verifyWebhook(await request.text(), request.headers, process.env.LATCHKEY_WEBHOOK_SECRET!);
 * if (event.type === 'user.created') console.log(event.user.id);
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
): WebhookEvent {
  let body: string;
  if (typeof payload === 'string') body = payload;
  else if (payload instanceof Uint8Array) {
    try {
      body = new TextDecoder('utf-8', { fatal: true }).decode(payload);
    } catch {
      throw new WebhookVerificationError('Webhook body is not UTF-8.');
    }
  } else {
    throw new TypeError(
      'verifyWebhook needs the raw request body (a string or bytes), not a parsed object: parsing and re-serialising can change the signed bytes.',
    );
  }
  const signed = signatureHeaders(headers);
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === ''))
    throw new TypeError('verifyWebhook needs the endpoint secret (whsec_…).');
  let failure = 'Webhook signature does not verify.';
  for (const candidate of secrets) {
    let event: unknown;
    try {
      event = new Webhook(candidate).verify(body, signed);
    } catch (error) {
      // The library's messages say which check failed ("Message timestamp too old"); no secret in them.
      if (error instanceof SignatureError) {
        failure = `Webhook verification failed: ${error.message}.`;
        continue;
      }
      if (error instanceof SyntaxError) throw new WebhookVerificationError('Webhook body is not JSON.');
      throw error;
    }
    if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string')
      throw new WebhookVerificationError('Webhook body is not a Latchkey event.');
    return event as WebhookEvent;
  }
  throw new WebhookVerificationError(failure);
}
