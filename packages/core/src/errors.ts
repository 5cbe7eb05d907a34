import type { ServerErrorCode } from '@latchkey/protocol';

/**
 * Client error codes (spec document 2 §8), the incumbent's delegated-actions codes, and Latchkey's own,
 * marked below.
 */
export type ClientErrorCode =
  | 'oauth_user_denied'
  | 'oauth_unexpected'
  | 'unknown_auth_error'
  | 'exited_auth_flow'
  | 'exited_link_flow'
  | 'exited_update_flow'
  | 'user_exited_set_password_flow'
  | 'must_be_authenticated'
  | 'unknown_connect_wallet_error'
  | 'generic_connect_wallet_error'
  | 'client_request_timeout'
  | 'failed_to_link_account'
  | 'failed_to_update_account'
  | 'unknown_mfa_error'
  | 'embedded_wallet_already_exists'
  | 'embedded_wallet_not_found'
  | 'embedded_wallet_create_error'
  | 'embedded_wallet_creation_error'
  | 'unknown_embedded_wallet_error'
  | 'embedded_wallet_password_unconfirmed'
  | 'embedded_wallet_password_already_exists'
  | 'embedded_wallet_recovery_already_exists'
  | 'embedded_wallet_request_error'
  | 'embedded_wallet_recovery_error'
  | 'embedded_wallet_webview_not_loaded'
  | 'user_signer_sign_error'
  | 'unsupported_recovery_method'
  | 'transaction_failure'
  | 'unsupported_chain_id'
  | 'captcha_timeout'
  | 'captcha_failure'
  | 'captcha_disabled'
  | 'invalid_message'
  | 'unable_to_sign'
  | 'session_storage_unavailable'
  | 'storage_error'
  | 'passkey_not_allowed'
  | 'insufficient_balance'
  | 'buffer_not_defined'
  | 'unsupported_wallet_type'
  | 'pkce_state_code_mismatch'
  | 'invalid_input'
  | 'failed_to_fetch_moonpay_transaction_status'
  | 'missing_mfa_credentials'
  // The incumbent's delegated-actions codes (js-sdk-core): not in the spec's list, kept as it names them.
  | 'delegated_actions_before_logged_in'
  | 'delegated_actions_wallet_not_found'
  | 'delegated_actions_no_wallet_to_revoke'
  | 'unsupported_chain_type'
  // The incumbent's Farcaster login codes (js-sdk-core), as it names them.
  | 'farcaster_polling_timeout'
  | 'farcaster_polling_canceled'
  // Latchkey's own: the spec names these situations but gives them no code.
  /** A method was called before `initialize()` finished. */
  | 'not_ready'
  /** A login was attempted while a user is logged in. */
  | 'already_logged_in'
  /** The request never got an HTTP response (offline, DNS, CORS refusal). */
  | 'network_error'
  /** The user declined the delegated-actions consent or its revocation ('Not now' / 'Deny'). */
  | 'delegated_actions_declined'
  /** A Farcaster signer was asked for by a user with no Farcaster account (spec document 1 §5). */
  | 'farcaster_account_not_found'
  /** A Farcaster message to sign, or the signer's key, before the user added a signer. */
  | 'farcaster_signer_not_found'
  /** The signer request ended without the key on the user's fid: rejected, timed out, or left. */
  | 'farcaster_signer_rejected'
  | 'farcaster_signer_timeout'
  | 'farcaster_signer_canceled'
  /** A funding request the spec refuses (document 2 §5: funding off, chain not configured, …). */
  | 'invalid_funding_request'
  /** A member of the incumbent's API for a feature Latchkey has not built (the server's code for the same). */
  | 'not_supported';

/** The message used for a code when the caller gives none. */
export const clientErrorMessages: Partial<Record<ClientErrorCode, string>> = {
  client_request_timeout: 'Request timed out',
  storage_error: 'Unable to access storage',
  not_ready: 'Method called before `ready`. Ensure you wait until `ready` is true before calling.',
  must_be_authenticated: 'User must be authenticated before calling this method.',
  already_logged_in: 'Attempted to log in, but user is already logged in. Use a `link` helper instead.',
  network_error: 'Network request failed',
};

export interface LatchkeyErrorOptions {
  cause?: unknown;
  /** Longer explanation, kept out of the short message. */
  details?: string | undefined;
}

/**
 * Base of every error the SDK throws. `code` is a stable string to switch on; `name` tells the
 * subclass apart.
 *
 * @example
 * try { await client.email.loginWithCode({ email, code }) }
 * catch (error) { if (error instanceof LatchkeyError && error.code === 'allowlist_rejected') showAllowlistScreen() }
 */
export class LatchkeyError extends Error {
  override name: string = 'LatchkeyError';
  readonly code: string;
  readonly details: string | undefined;

  constructor(message: string, code: string, options: LatchkeyErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

/** An HTTP error from the server: status above 299, with the body's `code`, `error` and `data`. */
export class LatchkeyApiError extends LatchkeyError {
  override name = 'LatchkeyApiError' as const;
  declare readonly code: ServerErrorCode;
  readonly status: number;
  /** The error body's `data` (e.g. `nonce` for `account_transfer_required`). */
  readonly data: unknown;

  constructor(
    status: number,
    code: ServerErrorCode,
    message: string,
    options: LatchkeyErrorOptions & { data?: unknown } = {},
  ) {
    super(message, code, options);
    this.status = status;
    this.data = options.data;
  }
}

/** An error raised by the SDK itself, with one of the spec's client codes. */
export class LatchkeyClientError extends LatchkeyError {
  override name = 'LatchkeyClientError' as const;
  declare readonly code: ClientErrorCode;

  constructor(code: ClientErrorCode, message?: string, options: LatchkeyErrorOptions = {}) {
    super(message ?? clientErrorMessages[code] ?? code, code, options);
  }
}

/** True for the error that means "this session is gone" (a 401 `missing_or_invalid_token`). */
export function isInvalidTokenError(error: unknown): boolean {
  return error instanceof LatchkeyApiError && error.code === 'missing_or_invalid_token';
}
