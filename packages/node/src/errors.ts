/**
 * Typed errors: every failure of this SDK is a `LatchkeyError`, so an app's backend can tell a bad
 * token (answer 401) from the server saying no (its status and code) from the server not answering.
 */

/** The base of every error this package throws. */
export class LatchkeyError extends Error {
  override name = 'LatchkeyError';
}

/**
 * A token that does not verify: bad signature, wrong algorithm, issuer or audience, malformed claims,
 * an unknown key. `reason` is a short machine-readable word; the message never contains the token.
 */
export class InvalidTokenError extends LatchkeyError {
  override name = 'InvalidTokenError';
  readonly reason: InvalidTokenReason;
  constructor(reason: InvalidTokenReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export type InvalidTokenReason =
  | 'malformed'
  | 'signature'
  | 'algorithm'
  | 'claims'
  | 'expired'
  | 'unknown_key'
  | 'key_unavailable';

/** A token past its `exp` (beyond the clock tolerance): the client should refresh and retry. */
export class TokenExpiredError extends InvalidTokenError {
  override name = 'TokenExpiredError';
  constructor(message = 'Token expired.', options?: { cause?: unknown }) {
    super('expired', message, options);
  }
}

/** A webhook whose signature, timestamp or headers do not verify against the endpoint's secret. */
export class WebhookVerificationError extends LatchkeyError {
  override name = 'WebhookVerificationError';
}

/**
 * The server answered with an error: its HTTP `status`, and the `code` and `message` of its
 * `{error, code}` body (WIRE.md §2; `api_error` when the body was not one).
 */
export class ApiError extends LatchkeyError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** 400 or 422: the request was refused as invalid (`invalid_data`, `invalid_request`, ...). */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}

/** 401: the app id or secret is wrong. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

/** 403: authenticated, but not allowed (`feature_not_enabled`, `max_accounts_reached`, ...). */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}

/** 404: no such user (or resource). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 409: the resource exists already, or the account belongs to another user. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/** 429, after the retries: `retryAfter` in seconds when the server said. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  readonly retryAfter: number | null;
  constructor(status: number, code: string, message: string, retryAfter: number | null) {
    super(status, code, message);
    this.retryAfter = retryAfter;
  }
}

/** The server did not answer: a network failure, or no answer within the timeout (`timedOut`). */
export class ConnectionError extends LatchkeyError {
  override name = 'ConnectionError';
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/** The typed `ApiError` for an error answer. */
export function apiErrorFor(
  status: number,
  body: unknown,
  fallbackMessage: string,
  retryAfter: number | null,
): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : 'api_error';
  const message = typeof record.error === 'string' ? record.error : fallbackMessage;
  if (status === 404) return new NotFoundError(status, code, message);
  if (status === 401) return new AuthenticationError(status, code, message);
  if (status === 403) return new PermissionDeniedError(status, code, message);
  if (status === 409) return new ConflictError(status, code, message);
  if (status === 429) return new RateLimitError(status, code, message, retryAfter);
  if (status === 400 || status === 422) return new InvalidRequestError(status, code, message);
  return new ApiError(status, code, message);
}
