// The modal's flows without a UI: loaded with the modal (never in an app's first load).

export {
  readRecentLoginMethod,
  recentLoginMethodKey,
  saveRecentLoginMethod,
} from '../ui/recent-login-method.ts';
export type { CaptchaProvider, CaptchaSettings } from './captcha.ts';
export { captchaEnabled, captchaSettings, unsupportedCaptchaKey } from './captcha.ts';
export type { AddressDraft, CodeFlow, CodeLock, CodeSubmitResult } from './code.ts';
export { currentContact } from './code.ts';
export type { EmbeddedFlow, LoginWalletCreation, PasswordProblem } from './embedded.ts';
export type { ErrorNextStep } from './errors.ts';
export { codeEntryError, errorCode, errorNextStep, isTooManyRequests, retryAt } from './errors.ts';
export type { ModalFlow, ModalFlowState } from './flow.ts';
export { createModalFlow } from './flow.ts';
export { providerRefusesBrowser } from './in-app-browser.ts';
export type { LoginFlow } from './login.ts';
export type { MfaUiError, MfaVerifyFlow, MfaVerifyStep, MfaVerifyView } from './mfa.ts';
export { lastMfaPasskeyAddedAt, mfaUiError, mfaUiMessages } from './mfa.ts';
export type { MfaEnrollmentFlow, MfaMethodOption, MfaPasskeyOption } from './mfa-enrollment.ts';
export { passkeysShownCollapsed } from './mfa-enrollment.ts';
export type { DeviceHints, MobilePlatform } from './mobile.ts';
export { currentMobilePlatform, mobilePlatform } from './mobile.ts';
export type {
  CodeTarget,
  EmbeddedScreen,
  MfaScreen,
  ModalAuthMethod,
  NavigationAction,
  NavigationState,
  OAuthStatus,
  PasskeyAction,
  Screen,
  ScreenName,
} from './navigation.ts';
export { canGoBack, isWalletScreen, navigationReducer, startScreen } from './navigation.ts';
export type { OAuthFlow } from './oauth.ts';
export type { FlowOutcome } from './outcomes.ts';
export type { PasskeyFlow, PasskeyScreenEvent, PasskeyScreenState, PasskeyStatus } from './passkey.ts';
export {
  initialPasskeyState,
  passkeyScreenReducer,
  passkeyStartScreen,
  passkeysSupported,
} from './passkey.ts';
export type { ModalFlowHost, ModalFlowSettings } from './runtime.ts';
export {
  oauthTermsDelayMs,
  successCloseMs,
  termsDelayMs,
  transferCloseMs,
  walletCreatedCloseMs,
} from './timings.ts';
export type { TransferFlow } from './transfer.ts';
export type { WalletConnectFlow } from './wallet-connect.ts';
export type { MobileWalletApp, PickerWallet } from './wallet-picker.ts';
export {
  metamaskDeepLink,
  phantomDeepLink,
  pickerChains,
  pickerWallets,
  walletReturnUrl,
} from './wallet-picker.ts';
