import { canonicalJson } from './canonical-json.ts';

/**
 * Authorization signatures (`privy-authorization-signature`, WIRE.md §7.4): the bytes a wallet's owner
 * signs to approve one request, the same for the server that checks them and the SDK that makes them.
 */

/** The headers a payload covers, when the request carries them. */
export const signedHeaderNames = ['privy-app-id', 'privy-idempotency-key', 'privy-request-expiry'] as const;

/** The request a signature covers. */
export interface SignedRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full URL, as the server's public URL spells it; a trailing slash is dropped. */
  url: string;
  /** The parsed JSON body; none, `{}` or `[]` signs as the empty string. */
  body: unknown;
  /** Request headers by lower-case name; only `signedHeaderNames` are taken. */
  headers: Readonly<Record<string, string | undefined>>;
}

/**
 * The RFC 8785 form of `{version: 1, method, url, body, headers}`, UTF-8: byte-identical to
 * `@privy-io/node`'s `formatRequestForAuthorizationSignature`.
 */
export function authorizationPayload(request: SignedRequest): Uint8Array {
  const headers: Record<string, string> = {};
  for (const name of signedHeaderNames) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const { body } = request;
  // The incumbent's rule, kept as is: any object without keys (and no body at all) signs as "".
  const empty =
    body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0);
  return new TextEncoder().encode(
    canonicalJson({
      version: 1,
      method: request.method,
      url: request.url.replace(/\/+$/, ''),
      body: empty ? '' : body,
      headers,
    }),
  );
}
