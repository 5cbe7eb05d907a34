/**
 * `@latchkey/node`: the server SDK for an app's backend. Verify the access and identity tokens your
 * frontend sends, call the users API with the app secret, hold server wallets, and verify webhooks.
 */

export type {
  AdditionalSigner,
  Aggregation,
  AuthorizationKeyView,
  ConditionSet,
  ConditionSetItem,
  CreateAggregationRequest,
  CreateConditionSetRequest,
  CreatePolicyRequest,
  CreateServerWalletRequest,
  EvaluatePolicyRequest,
  EvaluatePolicyResponse,
  KeyQuorum,
  KeyQuorumRequest,
  OwnerInput,
  Policy,
  PolicyAuditEntry,
  PolicyCondition,
  PolicyRule,
  PolicyRuleInput,
  RawSignRequest,
  RawSignResponse,
  ServerWallet,
  ServerWalletChainType,
  ServerWalletsPage,
  TransactionRecord,
  TransactionStatus,
  UpdateConditionSetRequest,
  UpdatePolicyRequest,
  UpdateServerWalletRequest,
  WalletBalances,
  WalletTransaction,
  WalletTransactionsPage,
} from '@latchkey/protocol';
export { type LinkedAccount, serverWalletLimits, usersApiLimits } from '@latchkey/protocol';
export { defaultRequestExpiryMs, LatchkeyClient, type LatchkeyClientOptions } from './client/client.ts';
export type { HttpOptions } from './client/http.ts';
export type { Aggregations } from './client/server-wallets/aggregations.ts';
export {
  type AuthorizationContext,
  type AuthorizationKeyPair,
  type AuthorizationRequest,
  type AuthorizationSigner,
  authorizationPayload,
  generateAuthorizationKeyPair,
  signAuthorizationPayload,
} from './client/server-wallets/authorization.ts';
export type { ConditionSets } from './client/server-wallets/condition-sets.ts';
export type { EthereumSendTransactionInput, EthereumWallets } from './client/server-wallets/ethereum.ts';
export type { KeyQuorums } from './client/server-wallets/key-quorums.ts';
export type { Policies } from './client/server-wallets/policies.ts';
export type {
  Ethereum7702Authorization,
  EthereumTransaction,
  EthereumTypedData,
  Hex,
  Quantity,
  SentTransactionData,
  WalletRpcInput,
  WalletRpcMethod,
  WalletRpcMethods,
  WalletRpcResult,
} from './client/server-wallets/rpc-methods.ts';
export type { WriteOptions } from './client/server-wallets/signed-call.ts';
export type { SolanaTransactionBytes, SolanaWallets } from './client/server-wallets/solana.ts';
export type { Transactions, WalletTransactionsFilters } from './client/server-wallets/transactions.ts';
export type { UserAuthorizationKey } from './client/server-wallets/user-keys.ts';
export type { ImportWalletInput } from './client/server-wallets/wallet-keys.ts';
export type { WalletListFilters, WalletListPageParams, Wallets } from './client/server-wallets/wallets.ts';
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
