/**
 * The callbacks of the login, link and update hooks, and the error codes they get, as the incumbent
 * declares them (`@privy-io/react-auth` 3.45.0 `PrivyEvents`, `PrivyErrorCode`), so an app's callbacks
 * written against the incumbent type-check against ours (issue 31; e2e/incumbent-react-types.test.ts).
 */
import type { ConnectedSolanaWallet, ConnectedWallet } from './types.ts';
import type { LinkedAccountWithMetadata, OAuthProviderID, User } from './userTypes.ts';

export type { OAuthProviderID };

/**
 * Why a flow failed: the server's error codes and the client's own. An enum and not a union of
 * strings because TypeScript takes two enums for one type only when both are enums of this name: the
 * incumbent's callbacks (`(error: PrivyErrorCode) => void`) then fit ours both ways. Enums are not
 * erasable syntax (tsconfig `erasableSyntaxOnly`): this package's sources are only ever compiled
 * (tsc, esbuild, vitest), never run by Node's type stripping, so the one exception is safe.
 */
// @ts-expect-error TS1294: see above.
export enum PrivyErrorCode {
  OAUTH_ACCOUNT_SUSPENDED = 'oauth_account_suspended',
  MISSING_OR_INVALID_PRIVY_APP_ID = 'missing_or_invalid_privy_app_id',
  MISSING_OR_INVALID_PRIVY_ACCOUNT_ID = 'missing_or_invalid_privy_account_id',
  MISSING_OR_INVALID_TOKEN = 'missing_or_invalid_token',
  INVALID_DATA = 'invalid_data',
  INVALID_CAPTCHA = 'invalid_captcha',
  LINKED_TO_ANOTHER_USER = 'linked_to_another_user',
  CANNOT_LINK_MORE_OF_TYPE = 'cannot_link_more_of_type',
  FAILED_TO_LINK_ACCOUNT = 'failed_to_link_account',
  FAILED_TO_UPDATE_ACCOUNT = 'failed_to_update_account',
  USER_EXITED_UPDATE_FLOW = 'exited_update_flow',
  ALLOWLIST_REJECTED = 'allowlist_rejected',
  OAUTH_USER_DENIED = 'oauth_user_denied',
  OAUTH_UNEXPECTED = 'oauth_unexpected',
  UNKNOWN_AUTH_ERROR = 'unknown_auth_error',
  USER_EXITED_AUTH_FLOW = 'exited_auth_flow',
  USER_EXITED_LINK_FLOW = 'exited_link_flow',
  USER_EXITED_SET_PASSWORD_FLOW = 'user_exited_set_password_flow',
  MUST_BE_AUTHENTICATED = 'must_be_authenticated',
  UNKNOWN_CONNECT_WALLET_ERROR = 'unknown_connect_wallet_error',
  GENERIC_CONNECT_WALLET_ERROR = 'generic_connect_wallet_error',
  CLIENT_REQUEST_TIMEOUT = 'client_request_timeout',
  INVALID_CREDENTIALS = 'invalid_credentials',
  MISSING_MFA_CREDENTIALS = 'missing_or_invalid_mfa',
  UNKNOWN_MFA_ERROR = 'unknown_mfa_error',
  EMBEDDED_WALLET_ALREADY_EXISTS = 'embedded_wallet_already_exists',
  EMBEDDED_WALLET_NOT_FOUND = 'embedded_wallet_not_found',
  EMBEDDED_WALLET_CREATE_ERROR = 'embedded_wallet_create_error',
  UNKNOWN_EMBEDDED_WALLET_ERROR = 'unknown_embedded_wallet_error',
  EMBEDDED_WALLET_PASSWORD_UNCONFIRMED = 'embedded_wallet_password_unconfirmed',
  EMBEDDED_WALLET_PASSWORD_ALREADY_EXISTS = 'embedded_wallet_password_already_exists',
  EMBEDDED_WALLET_RECOVERY_ALREADY_EXISTS = 'embedded_wallet_recovery_already_exists',
  TRANSACTION_FAILURE = 'transaction_failure',
  UNSUPPORTED_CHAIN_ID = 'unsupported_chain_id',
  NOT_SUPPORTED = 'not_supported',
  CAPTCHA_TIMEOUT = 'captcha_timeout',
  INVALID_MESSAGE = 'invalid_message',
  UNABLE_TO_SIGN = 'unable_to_sign',
  CAPTCHA_FAILURE = 'captcha_failure',
  CAPTCHA_DISABLED = 'captcha_disabled',
  SESSION_STORAGE_UNAVAILABLE = 'session_storage_unavailable',
  TOO_MANY_REQUESTS = 'too_many_requests',
  USER_LIMIT_REACHED = 'max_accounts_reached',
  DISALLOWED_LOGIN_METHOD = 'disallowed_login_method',
  DISALLOWED_PLUS_EMAIL = 'disallowed_plus_email',
  PASSKEY_NOT_ALLOWED = 'passkey_not_allowed',
  USER_DOES_NOT_EXIST = 'user_does_not_exist',
  INSUFFICIENT_BALANCE = 'insufficient_balance',
  ONRAMP_MINIMUM_IDENTITY_VERIFICATION_REQUIRED = 'onramp_minimum_identity_verification_required',
  ONRAMP_IDENTITY_VERIFICATION_REQUIRED = 'onramp_identity_verification_required',
  ONRAMP_DOCUMENT_VERIFICATION_REQUIRED = 'onramp_document_verification_required',
  ONRAMP_UNSUPPORTED_INFORMATION = 'onramp_unsupported_information',
  ONRAMP_TRANSACTION_LIMIT_REACHED = 'transaction_limit_reached',
  ONRAMP_QUOTE_EXPIRED = 'onramp_quote_expired',
  ONRAMP_PAYMENT_METHOD_DECLINED = 'onramp_payment_method_declined',
  ONRAMP_WALLET_OWNERSHIP_REQUIRED = 'onramp_wallet_ownership_required',
  ACCOUNT_TRANSFER_REQUIRED = 'account_transfer_required',
  BUFFER_NOT_DEFINED = 'buffer_not_defined',
  UNSUPPORTED_WALLET_TYPE = 'unsupported_wallet_type',
  NO_SOLANA_ACCOUNTS = 'no_solana_accounts',
  UNKNOWN_FUNDING_ERROR = 'unknown_funding_error',
}

/** Latchkey's name for the error codes. */
export const LatchkeyErrorCode = PrivyErrorCode;
export type LatchkeyErrorCode = PrivyErrorCode;

/** An `onError` callback: the code, and for link and update flows the method that failed. */
export type CallbackError<Details extends Record<string, unknown> | undefined = undefined> =
  Details extends Record<string, unknown>
    ? (error: PrivyErrorCode, details: Details) => void
    : (error: PrivyErrorCode) => void;

/** How a user logged in, linked or updated an account (`loginMethod`, `linkMethod`, `updateMethod`). */
export type AuthMethod =
  | 'email'
  | 'sms'
  | 'siwe'
  | 'siws'
  | 'farcaster'
  | OAuthProviderID
  | 'passkey'
  | 'telegram'
  | 'custom'
  | 'guest';

/** How a login went, passed to `onComplete`. */
export interface LoginCompleteEvent {
  user: User;
  isNewUser: boolean;
  wasAlreadyAuthenticated: boolean;
  /** Null when the user was already logged in. */
  loginMethod: AuthMethod | null;
  /** The account the user logged in with (the most recently verified of its kind); null when none. */
  loginAccount: LinkedAccountWithMetadata | null;
}

/** An account linked: passed to `onSuccess` of the link hooks. */
export interface LinkAccountEvent {
  user: User;
  linkMethod: AuthMethod;
  linkedAccount: LinkedAccountWithMetadata;
}

/** An account updated (a new email or phone number): passed to `onSuccess` of the update hooks. */
export interface UpdateAccountEvent {
  user: User;
  updateMethod: AuthMethod;
  updatedAccount: LinkedAccountWithMetadata;
}

/** `onComplete` and `onError` of the login hooks. */
export interface LoginCallbacks {
  onComplete?: (params: LoginCompleteEvent) => void;
  onError?: CallbackError;
}

/** `onSuccess` and `onError` of the link hooks. */
export interface LinkAccountCallbacks {
  onSuccess?: (params: LinkAccountEvent) => void;
  onError?: CallbackError<{ linkMethod: AuthMethod }>;
}

/** `onSuccess` and `onError` of the update hooks (the incumbent names the method `linkMethod` here too). */
export interface UpdateAccountCallbacks {
  onSuccess?: (params: UpdateAccountEvent) => void;
  onError?: CallbackError<{ linkMethod: AuthMethod }>;
}

/** `useConnectOrCreateWallet`'s callbacks (the incumbent's `PrivyEvents['connectOrCreateWallet']`). */
export interface ConnectOrCreateWalletCallbacks {
  /** The modal closed with a wallet: the user's embedded Ethereum wallet, else the first connected one. */
  onSuccess?: (params: { wallet: ConnectedWallet | ConnectedSolanaWallet }) => void;
  /** 'exited_auth_flow' when the modal closed without a wallet. */
  onError?: CallbackError;
}
