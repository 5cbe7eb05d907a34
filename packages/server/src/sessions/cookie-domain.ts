import { ApiError } from '../http/api-error.ts';
import type { ServerSettings } from '../settings.ts';

/** True when `domain` is `host` itself or one of its parent domains (RFC 6265 §5.1.3 domain-match). */
export function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Refuses a `cookie_domain` the server's public host is not under: a browser drops a cookie whose
 * Domain does not match the host that set it, so such an app could never keep a session.
 */
export function assertCookieDomain(settings: Pick<ServerSettings, 'publicUrl'>, domain: string): void {
  if (!settings.publicUrl)
    throw new ApiError(
      'invalid_data',
      'Invalid cookie_domain: the server has no public URL (LATCHKEY_PUBLIC_URL) to check it against.',
    );
  const host = new URL(settings.publicUrl).hostname;
  if (!domainMatches(host, domain))
    throw new ApiError(
      'invalid_data',
      `Invalid cookie_domain: must be the server's host ${host} or a parent domain of it.`,
    );
}
