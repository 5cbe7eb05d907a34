import { isIP } from 'node:net';
import { ApiError } from '../http/api-error.ts';
import type { ServerSettings } from '../settings.ts';
import { refusedWebhookAddress } from './address-policy.ts';

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null for a name. */
export function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

/**
 * Checks an endpoint URL when it is set: http(s) only (https unless the operator allows http or
 * runs in development), no credentials, no fragment, at most 2,000 characters, and an IP-literal
 * host outside private ranges unless allowed. A name is checked where it matters, at connect time
 * (send-webhook.ts), since what it resolves to may change.
 */
export function checkEndpointUrl(value: string, settings: ServerSettings): string {
  const refuse = (why: string): never => {
    throw new ApiError('invalid_data', `Invalid webhook URL: ${why}.`);
  };
  if (value.length > 2000) refuse('longer than 2000 characters');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('only http(s) URLs are accepted');
  if (url.protocol === 'http:' && !settings.webhookAllowHttp && !settings.development)
    refuse('https is required (LATCHKEY_WEBHOOK_ALLOW_HTTP allows http)');
  if (url.username || url.password) refuse('credentials in the URL are not accepted');
  if (url.hash) refuse('a fragment is not accepted');
  if (!url.hostname) refuse('no host');
  const ip = ipLiteralOf(url);
  if (ip && refusedWebhookAddress(settings)(ip))
    refuse(
      settings.development
        ? 'private and link-local addresses are refused (loopback is allowed in development; LATCHKEY_WEBHOOK_ALLOW_PRIVATE allows the rest)'
        : 'private, loopback and link-local addresses are refused (LATCHKEY_WEBHOOK_ALLOW_PRIVATE allows them)',
    );
  return url.href;
}
