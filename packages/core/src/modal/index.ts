// The modal's flows without a UI: loaded with the modal (never in an app's first load).

export {
  readRecentLoginMethod,
  recentLoginMethodKey,
  saveRecentLoginMethod,
} from '../ui/recent-login-method.ts';
export type { CaptchaProvider, CaptchaSettings } from './captcha.ts';
export { captchaEnabled, captchaSettings, unsupportedCaptchaKey } from './captcha.ts';
export type { DelegationAction, DelegationFlow, DelegationScreen, DelegationTask } from './delegation.ts';
export type { EmbeddedFlow, EmbeddedScreen, LoginWalletCreation, PasswordProblem } from './embedded.ts';
export type { ErrorNextStep } from './errors.ts';
export { codeEntryError, errorCode, errorNextStep, isTooManyRequests, retryAt } from './errors.ts';
export type { ModalFlow, ModalFlowState } from './flow.ts';
export { createModalFlow } from './flow.ts';
export type { FundingFlow } from './funding/flow.ts';
export type { FundingRun } from './funding/providers.ts';
export type {
  CoinbaseStatus,
  FundingSettings,
  FundWalletTask,
  FundWalletUiConfig,
} from './funding/task.ts';
export { providerRefusesBrowser } from './in-app-browser.ts';
export type { AfterLoginOptions, LoginFlow } from './login.ts';
export type { MethodEngine, ModalMethod, ModalMethodFlows, ModalMethodKey } from './method.ts';
export { modalMethod } from './method.ts';
export type { AddressDraft, CodeFlow, CodeLock, CodeSubmitResult, CodeTarget } from './methods/code.ts';
export { currentContact } from './methods/code.ts';
export { modalMethods } from './methods/index.ts';
export type { OAuthFlow, OAuthStatus } from './methods/oauth.ts';
export type {
  PasskeyAction,
  PasskeyFlow,
  PasskeyScreenEvent,
  PasskeyScreenState,
  PasskeyStatus,
} from './methods/passkey.ts';
export {
  initialPasskeyState,
  passkeyScreenReducer,
  passkeyStartScreen,
  passkeysSupported,
} from './methods/passkey.ts';
export type { WalletConnectFlow } from './methods/wallets.ts';
export { isWalletScreen } from './methods/wallets.ts';
export type { MfaUiError, MfaVerifyFlow, MfaVerifyStep, MfaVerifyView } from './mfa.ts';
export { lastMfaPasskeyAddedAt, mfaUiError, mfaUiMessages } from './mfa.ts';
export type { MfaEnrollmentFlow, MfaMethodOption, MfaPasskeyOption, MfaScreen } from './mfa-enrollment.ts';
export { passkeysShownCollapsed } from './mfa-enrollment.ts';
export type { DeviceHints, MobilePlatform } from './mobile.ts';
export { currentMobilePlatform, mobilePlatform } from './mobile.ts';
export type { ModalAuthMethod, NavigationAction, NavigationState } from './navigation.ts';
export { canGoBack, finalScreens, navigationReducer, startScreen } from './navigation.ts';
export type { FlowOutcome } from './outcomes.ts';
export type { ModalFlowHost, ModalFlowSettings } from './runtime.ts';
export type { ModalScreens, ModalScreensOf, Screen, ScreenName } from './screens.ts';
export {
  delegationCloseMs,
  oauthTermsDelayMs,
  successCloseMs,
  termsDelayMs,
  transferCloseMs,
  walletCreatedCloseMs,
} from './timings.ts';
export type { TransferFlow } from './transfer.ts';
export type { MobileWalletApp, PickerWallet } from './wallet-picker.ts';
export {
  metamaskDeepLink,
  phantomDeepLink,
  pickerChains,
  pickerWallets,
  walletReturnUrl,
} from './wallet-picker.ts';
