import type { Http } from '../http.ts';
import type { CallOptions } from '../types.ts';
import {
  type AuthorizationContext,
  authorizationPayload,
  authorizationSignatures,
  signAuthorizationPayload,
} from './authorization.ts';
import { type UserKeyCache, userAuthorizationKey } from './user-keys.ts';

/**
 * Writes to server wallets and key quorums: every one carries `privy-request-expiry` (a deadline the
 * server enforces for signed requests), an optional `privy-idempotency-key`, and, when the caller gives
 * an authorization context, `privy-authorization-signature` over exactly what is sent.
 */

/** Options of a write: a signal, who authorizes it, an idempotency key, a deadline. */
export interface WriteOptions extends CallOptions {
  /** The owner's (or an additional signer's) keys: needed for an owned wallet or a key quorum. */
  authorizationContext?: AuthorizationContext;
  /**
   * `privy-idempotency-key` (≤ 256 characters): the server answers a repeat with the first answer
   * for 24 h instead of acting again, so a call with a key is retried on network failures and 5xx.
   */
  idempotencyKey?: string;
  /** `privy-request-expiry`, Unix milliseconds. Default: now + the client's `requestExpiryMs`. */
  requestExpiry?: number;
}

/** What the resources share: the HTTP client, the app, and the default signature lifetime. */
export interface ServerWalletsTransport {
  http: Http;
  appId: string;
  requestExpiryMs: number;
  /** Users' authorization keys by access token (`authorizationContext.userJwts`). */
  userKeys: UserKeyCache;
}

/**
 * The body as the server will parse it: bigints as 0x-hex quantities (JSON has no bigint), `toJSON`
 * applied, undefined members dropped. Signing this value, and sending it, keeps both the same.
 */
export function toJsonBody(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (_key, value: unknown) => {
      if (typeof value !== 'bigint') return value;
      if (value < 0n) throw new TypeError('A quantity cannot be negative.');
      return `0x${value.toString(16)}`;
    }),
  );
}

export async function signedCall<T>(
  transport: ServerWalletsTransport,
  request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown },
  options: WriteOptions = {},
): Promise<T> {
  const { authorizationContext, idempotencyKey, requestExpiry, signal } = options;
  const body = request.body === undefined ? undefined : toJsonBody(request.body);
  const headers: Record<string, string> = {
    'privy-request-expiry': String(requestExpiry ?? Date.now() + transport.requestExpiryMs),
  };
  if (idempotencyKey !== undefined) headers['privy-idempotency-key'] = idempotencyKey;
  if (authorizationContext) {
    const payload = authorizationPayload({
      method: request.method,
      url: transport.http.urlOf(request.path),
      body: body ?? {},
      headers: { 'privy-app-id': transport.appId, ...headers },
    });
    const userKeys = await Promise.all(
      (authorizationContext.userJwts ?? []).map((jwt) =>
        userAuthorizationKey(transport.http, transport.userKeys, jwt, signal),
      ),
    );
    const signatures = [
      ...(await authorizationSignatures(authorizationContext, payload)),
      ...userKeys.map((key) => signAuthorizationPayload(key, payload)),
    ];
    if (signatures.length > 0) headers['privy-authorization-signature'] = signatures.join(',');
  }
  return transport.http.request<T>({
    method: request.method,
    path: request.path,
    body,
    headers,
    // A repeat under the same idempotency key gets the first answer: safe to retry.
    idempotent: idempotencyKey !== undefined,
    signal,
  });
}
