/**
 * `@latchkey/node`: the server SDK for an app's backend. Verify the access and identity tokens your
 * frontend sends, call the users API with the app secret, and verify webhooks.
 */

export { type LinkedAccount, usersApiLimits } from '@latchkey/protocol';
export { LatchkeyClient, type LatchkeyClientOptions } from './client/client.ts';
export type { HttpOptions } from './client/http.ts';
export type {
  AllowlistEntry,
  AllowlistEntryRequest,
  AppResponse,
  CallOptions,
  CustomMetadata,
  ImportUserRequest,
  ImportUsersResponse,
  ImportUsersResult,
  LinkedAccountInput,
  PregenerateWalletsInput,
  TestCredential,
  User,
  UserSearch,
  UsersPage,
  WalletCreationInput,
} from './client/types.ts';
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  InvalidTokenError,
  type InvalidTokenReason,
  LatchkeyError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TokenExpiredError,
  WebhookVerificationError,
} from './errors.ts';
export { type AccessTokenClaims, verifyAccessToken } from './tokens/access-token.ts';
export type { IdentityTokenUser } from './tokens/identity-claims.ts';
export { type VerifiedIdentityToken, verifyIdentityToken } from './tokens/identity-token.ts';
export { jwksUrl, type KeyOptions } from './tokens/keys.ts';
export { defaultIssuer, type TokenVerificationOptions } from './tokens/verify-jwt.ts';
export * from './webhooks/events.ts';
export { verifyWebhook, type WebhookHeaders } from './webhooks/verify-webhook.ts';
