import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from '../http/api-error.ts';
import { isAllowedOrigin } from '../http/origin.ts';

/** The page a ceremony runs on: its origin (the expected `clientDataJSON.origin`) and RP ID (its host). */
export interface RelyingParty {
  origin: string;
  id: string;
}

/**
 * The relying party of a ceremony: the request's `relying_party` (the page origin the ceremony runs
 * on), which must be one of the app's allowed domains; left out, the app's first allowed domain that
 * names one origin. The RP ID is the origin's host.
 *
 * What the request says is not trusted as proof of anything: the browser signs the origin it really
 * ran on into `clientDataJSON` and the authenticator signs the RP ID's hash, and verification holds
 * both to this relying party. `Origin` and `Host` headers play no part (a script outside a browser
 * sets them at will). An app that lists no domains admits any page, as `isAllowedOrigin` does for its
 * other routes; the browser still scopes each passkey to the page's own host.
 */
export function relyingPartyOf(app: AppRecord, requested: string | undefined): RelyingParty {
  if (requested === undefined) {
    const fallback = app.config.allowed_domains.find((domain) => pageOrigin(domain) === domain);
    if (!fallback)
      throw new ApiError(
        'invalid_data',
        'Invalid relying_party: Required (the app lists no allowed domain to default to).',
      );
    return { origin: fallback, id: new URL(fallback).hostname };
  }
  if (pageOrigin(requested) !== requested)
    throw new ApiError(
      'invalid_data',
      'Invalid relying_party: must be a page origin such as https://app.example.com',
    );
  if (!isAllowedOrigin(app, requested))
    throw new ApiError('invalid_origin', 'The relying party is not one of the allowed domains of the app.');
  return { origin: requested, id: new URL(requested).hostname };
}

/** The origin `value` names when it is an http(s) origin written exactly, else null. */
function pageOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === value ? value : null;
}
