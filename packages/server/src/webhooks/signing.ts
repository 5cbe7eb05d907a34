import { webhookHeaders } from '@latchkey/protocol';
import { Webhook } from 'standardwebhooks';

/**
 * The headers of one delivery, signed with the Standard Webhooks library (the Svix scheme:
 * HMAC-SHA256 over `id.timestamp.body` keyed with the base64 after `whsec_`, sent as `v1,<b64>`),
 * in both spellings: `svix-*` for Svix verifiers (the incumbent's server SDK), `webhook-*` for
 * Standard Webhooks ones. `id` is the event's, the same on every try, so receivers can dedupe.
 */
export function signedHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const signature = new Webhook(secret).sign(id, at, body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    'user-agent': 'Latchkey-Webhooks/1',
    [webhookHeaders.svixId]: id,
    [webhookHeaders.svixTimestamp]: timestamp,
    [webhookHeaders.svixSignature]: signature,
    [webhookHeaders.id]: id,
    [webhookHeaders.timestamp]: timestamp,
    [webhookHeaders.signature]: signature,
  };
}
