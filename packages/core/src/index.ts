export type { AnalyticsId } from './analyticsId.ts';
export { createAnalyticsId } from './analyticsId.ts';
export type {
  CreateLatchkeyClientParameters,
  LatchkeyClient,
  LatchkeyState,
} from './createLatchkeyClient.ts';
export { createLatchkeyClient, normaliseApiUrl } from './createLatchkeyClient.ts';
export { setMfaModal } from './embedded/mfa/modal-registry.ts';
export type { ClientErrorCode, LatchkeyErrorOptions } from './errors.ts';
export {
  clientErrorMessages,
  isInvalidTokenError,
  LatchkeyApiError,
  LatchkeyClientError,
  LatchkeyError,
} from './errors.ts';
export { acceptTerms, fetchApp, getUser } from './flows/app.ts';
export type { FlowContext, LoginResult } from './flows/context.ts';
export type { GetCustomAccessToken } from './flows/customJwtSession.ts';
export { syncCustomJwt } from './flows/customJwtSession.ts';
export type {
  LoginWithEmailCodeParameters,
  SendEmailCodeParameters,
  UpdateEmailParameters,
} from './flows/email.ts';
export {
  linkEmailWithCode,
  loginWithEmailCode,
  sendEmailCode,
  unlinkEmail,
  updateEmail,
} from './flows/email.ts';
export { getGuestCredential, loginAsGuest } from './flows/guest.ts';
// The passkey actions (signupWithPasskey, loginWithPasskey, linkWithPasskey, unlinkPasskey) run as
// `client.passkey.*`, which loads them and `@simplewebauthn/browser` on first use: exported here,
// esbuild would put them in every app's first load. Types only.
export type {
  LinkPasskeyParameters,
  LoginPasskeyParameters,
  PasskeyParameters,
  PasskeyStep,
  UnlinkPasskeyParameters,
} from './flows/passkey.ts';
// Wallet runtime code lives in '@latchkey/core/wallets' (loaded lazily by `client.wallets()`):
// exporting it here would pull it into every app's first load. Types only below.
export type { SignInFlowStatus, SiweParameters } from './flows/siwe.ts';
export type { SiwsParameters } from './flows/siws.ts';
export type {
  LoginWithSmsCodeParameters,
  SendSmsCodeParameters,
  UpdatePhoneParameters,
} from './flows/sms.ts';
export { linkSmsWithCode, loginWithSmsCode, sendSmsCode, unlinkPhone, updatePhone } from './flows/sms.ts';
export { trackEvent } from './flows/trackEvent.ts';
export type { AccountTransferRequired, TransferAccount } from './flows/transfer.ts';
export { accountTransferRequired, transferAccount } from './flows/transfer.ts';
export type {
  CreateHttpClientErrorType,
  CreateHttpClientParameters,
  HttpClient,
  HttpRequestOptions,
} from './http/createHttpClient.ts';
export { createHttpClient } from './http/createHttpClient.ts';
export { retryDelay, retryStatuses } from './http/retryPolicy.ts';
export { decodeJwtPayload, isTokenActive, tokenAppId } from './jwt.ts';
export type { SessionCookies } from './session/cookies.ts';
export { cookieNames } from './session/cookies.ts';
export type {
  CreateSessionManagerParameters,
  SessionManager,
  SessionTokens,
} from './session/createSessionManager.ts';
export { createSessionManager } from './session/createSessionManager.ts';
export type { LatchkeyStorage } from './storage.ts';
export { browserStorage, localStorageStorage, memoryStorage, storageKeys } from './storage.ts';
export type { Store } from './store.ts';
export { createStore } from './store.ts';
// What any UI layer builds on: the modal's requests and embedded-wallet access. The signing queue
// is '@latchkey/core/signing' and the modal's flows '@latchkey/core/modal': a barrel shared with
// lazily loaded code would pull them into every app's first load.
export type { EmbeddedController } from './ui/embedded-controller.ts';
export { embeddedController } from './ui/embedded-controller.ts';
export type {
  CreateOnLogin,
  EmbeddedChain,
  EmbeddedWalletSettings,
  EmbeddedWalletsConfig,
} from './ui/embedded-settings.ts';
export { embeddedWalletSettings, hasEmbeddedWallet, walletsToCreate } from './ui/embedded-settings.ts';
export type {
  EmbeddedModalTask,
  EmbeddedWalletTarget,
  FlowKind,
  ModalIntent,
  ModalOptions,
  ModalRequest,
  WalletChainTypeOption,
} from './ui/intents.ts';
export { exitedCode, flowKind } from './ui/intents.ts';
export type { EmbeddedIntent, OpenModal } from './ui/modal-task.ts';
export { isEmbeddedIntent, runModalTask } from './ui/modal-task.ts';
export { normaliseCode, normaliseEmail, normalisePhoneNumber, validationMessages } from './validation.ts';
export { version } from './version.ts';
export type {
  WalletConnectionEvent,
  WalletConnectionState,
  WalletConnectionStatus,
} from './wallets/connectionState.ts';
export {
  canRetryConnection,
  initialConnectionState,
  maxWalletRetries,
  walletConnectionReducer,
} from './wallets/connectionState.ts';
export type { WalletDiscovery } from './wallets/discovery.ts';
export type {
  CreateWalletManagerParameters,
  WalletDeepLink,
  WalletManager,
  WalletManagerState,
  WalletSignInOptions,
} from './wallets/manager.ts';
export type {
  AvailableWallet,
  EIP1193Provider,
  EIP6963ProviderInfo,
  StandardWallet,
  StandardWalletAccount,
  WalletChain,
  WalletChainType,
  WalletConnection,
  WalletWindow,
} from './wallets/types.ts';
