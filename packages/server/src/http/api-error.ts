import { type ServerErrorCode, serverErrors, type TooManyRequestsData } from '@latchkey/protocol';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Default HTTP status per error code; anything not listed is a 400. */
const statusByCode: Partial<Record<ServerErrorCode, ContentfulStatusCode>> = {
  missing_or_invalid_token: 401,
  invalid_credentials: 401,
  missing_or_invalid_mfa: 401,
  expired_or_invalid_mfa_token: 401,
  invalid_origin: 403,
  missing_origin: 403,
  invalid_native_app_id: 403,
  allowlist_rejected: 403,
  disallowed_login_method: 403,
  disallowed_plus_email: 403,
  oauth_account_suspended: 403,
  max_accounts_reached: 403,
  feature_not_enabled: 403,
  invalid_dpop_proof: 401,
  use_dpop_nonce: 401,
  device_revoked: 403,
  recent_authentication_required: 403,
  user_has_not_delegated_wallet: 403,
  invalid_recovery_password: 403,
  user_does_not_exist: 404,
  linked_account_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
};

/**
 * An error with a spec code that the HTTP layer turns into `{ error, code }`. Never 409: the
 * incumbent's React client retries 409s, so conflicts are 400s.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ServerErrorCode;
  readonly status: ContentfulStatusCode;
  readonly data: unknown;
  /**
   * When a refused request may succeed (a 429's limit ends), whole seconds: sent as `Retry-After` and
   * as `data.retry_after_seconds`.
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ServerErrorCode,
    message?: string,
    options: { status?: ContentfulStatusCode; data?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message ?? serverErrors[code]);
    this.code = code;
    this.status = options.status ?? statusByCode[code] ?? 400;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.data =
      options.data ??
      (this.retryAfterSeconds === undefined
        ? undefined
        : ({ retry_after_seconds: this.retryAfterSeconds } satisfies TooManyRequestsData));
  }

  toBody(): { error: string; code: ServerErrorCode; data?: unknown } {
    return this.data === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, data: this.data };
  }
}
