/**
 * Server error codes (spec document 2 §8) with the message each one carries on the wire.
 * Error bodies are `{ error: message, code }` (WIRE.md §2).
 */
export const serverErrors = {
  invalid_data: 'Invalid request data.',
  invalid_request: 'Invalid request.',
  invalid_credentials: 'Invalid credentials.',
  missing_or_invalid_token: 'Missing or invalid token.',
  missing_or_invalid_privy_app_id: 'Missing or invalid app id.',
  missing_or_invalid_privy_client_id: 'Missing or invalid app client id.',
  missing_or_invalid_mfa: 'Missing or invalid MFA token.',
  expired_or_invalid_mfa_token: 'Expired or invalid MFA token.',
  invalid_captcha: 'Invalid captcha.',
  linked_to_another_user: 'This account has already been linked to another user.',
  account_transfer_required: 'This account is associated with another user.',
  allowlist_rejected: 'User is not allowed to log in to this app.',
  cannot_unlink_embedded_wallet: 'Cannot unlink an embedded wallet.',
  cannot_unlink_sole_account: 'Cannot unlink the only account of a user.',
  cannot_link_more_of_type: 'User already has an account of this type linked.',
  linked_account_not_found: 'Linked account not found.',
  too_many_requests: 'Too many requests. Try again later.',
  invalid_origin: 'Origin not allowed.',
  missing_origin: 'Missing origin.',
  invalid_native_app_id: 'Native app id not allowed.',
  token_already_used: 'Token already used.',
  already_logged_out: 'Already logged out.',
  not_supported: 'Not supported.',
  user_unsubscribed: 'This user has unsubscribed from messages.',
  max_accounts_reached:
    'This application is in development mode and must be upgraded to production to log in new users.',
  disallowed_login_method: 'Login method not allowed for this app.',
  disallowed_plus_email: "Email addresses with a '+' are not allowed for this app.",
  disallowed_recovery_method: 'Recovery method not allowed for this app.',
  user_does_not_exist: 'User does not exist.',
  resource_already_exists: 'Resource already exists.',
  feature_not_enabled: 'Feature not enabled.',
  device_revoked: 'This device is not enrolled for the wallet.',
  oauth_state_mismatch: 'The state code does not match the one this login started with.',
  invalid_pkce_parameters: 'The code verifier does not match the code challenge this login started with.',
  oauth_account_suspended: 'The provider reports this account as suspended.',
  // The wallet frame's own API (frame-api.ts): RFC 9449's names for proof failures.
  invalid_dpop_proof: 'Invalid device proof.',
  use_dpop_nonce: 'A fresh device proof nonce is required.',
  recent_authentication_required: 'Log in again to use your wallet on this device.',
  invalid_key_proof: 'The wallet key proof does not verify.',
  invalid_recovery_password: 'Invalid recovery password.',
  // Server wallets (spec document 2 §8).
  invalid_policy_format: 'Invalid policy format.',
  policy_violation: 'The request violates a policy of this wallet.',
  // Delegated actions (REFERENCES §8.3): the wallet's delegation was revoked, expired or never given.
  user_has_not_delegated_wallet: 'The user has not delegated this wallet.',
  authorization_key_has_associated_wallets: 'This authorization key still owns or signs for wallets.',
  insufficient_funds: 'Insufficient funds.',
  transaction_broadcast_failure: 'The transaction could not be broadcast.',
  not_found: 'Not found.',
  method_not_allowed: 'Method not allowed.',
  payload_too_large: 'Request body too large.',
  internal_error: 'Internal server error.',
} as const;

export type ServerErrorCode = keyof typeof serverErrors;

/** The wire shape of every error response. */
export interface ErrorBody {
  error: string;
  code: ServerErrorCode;
  data?: unknown;
}

/**
 * The `data` of a 429 `too_many_requests`: when the limit (or a code lock) ends, in seconds, as its
 * `Retry-After` header says. In the body too so the SDK reads it where it reads every error's data,
 * with no header code in the app's first load.
 */
export interface TooManyRequestsData {
  retry_after_seconds: number;
}
