// The social providers, for apps that draw their own buttons (`useLoginWithOAuth`).

export type {
  EmbeddedSolanaWalletActions,
  SendTransactionModalUIOptions,
  SigningCallbacks,
  SigningCallOptions,
  SignMessageModalUIOptions,
  SignMessageParameters,
  SignTypedDataParameters,
  SolanaSigningOptions,
  UnsignedTransactionRequest,
} from '@latchkey/core/signing/calls';
export type { MfaMethod, OAuthProvider, OAuthProviderName } from '@latchkey/protocol';
export { oauthProviders } from '@latchkey/protocol';
export type {
  AuthMethod,
  CallbackError,
  LinkAccountCallbacks,
  LinkAccountEvent,
  LoginCallbacks,
  LoginCompleteEvent,
  OAuthProviderID,
  UpdateAccountCallbacks,
  UpdateAccountEvent,
} from './callbacks.ts';
export { LatchkeyErrorCode, PrivyErrorCode } from './callbacks.ts';
export type { LatchkeyEventMap } from './events.ts';
export type { OtpFlowState, PasskeyFlowState } from './flowStates.ts';
export type { LatchkeyActions } from './hooks/latchkeyActions.ts';
export type {
  PrivyTransactionRequest,
  PrivyTypedData,
  SigningHookCallbacks,
  SignOptions,
  TransactionOptions,
} from './hooks/signingTypes.ts';
export { useAcceptTerms } from './hooks/useAcceptTerms.ts';
export { useActiveWallet } from './hooks/useActiveWallet.ts';
export type { ConnectOrCreateWalletCallbacks } from './hooks/useConnectOrCreateWallet.ts';
export { useConnectOrCreateWallet } from './hooks/useConnectOrCreateWallet.ts';
export type { ConnectWalletOptions, UseConnectWalletParameters } from './hooks/useConnectWallet.ts';
export { useConnectWallet } from './hooks/useConnectWallet.ts';
export type { CreateWalletOptions, UseCreateWalletParameters } from './hooks/useCreateWallet.ts';
export { useCreateWallet } from './hooks/useCreateWallet.ts';
export type { UseCustomAuthParameters } from './hooks/useCustomAuth.ts';
export { useCustomAuth } from './hooks/useCustomAuth.ts';
export type {
  DelegatedActionsCallbacks,
  DelegateWalletParameters,
} from './hooks/useDelegatedActions.ts';
export { useDelegatedActions } from './hooks/useDelegatedActions.ts';
export type { ExportWalletOptions } from './hooks/useExportWallet.ts';
export { useExportWallet } from './hooks/useExportWallet.ts';
export {
  useFarcasterSigner,
  useGetFarcasterSignerPublicKey,
  useRequestFarcasterSigner,
  useSignFarcasterMessage,
} from './hooks/useFarcasterSigner.ts';
export type {
  FundWalletOptions,
  FundWalletResult,
  SolanaFundWalletOptions,
  UseFundWalletParameters,
} from './hooks/useFundWallet.ts';
export { useFundWallet, useSolanaFundWallet } from './hooks/useFundWallet.ts';
export { useGuestAccounts } from './hooks/useGuestAccounts.ts';
export { useHeadlessDelegatedActions } from './hooks/useHeadlessDelegatedActions.ts';
export { useIdentityToken } from './hooks/useIdentityToken.ts';
export type { ImportWalletOptions, UseImportWalletParameters } from './hooks/useImportWallet.ts';
export { useImportWallet } from './hooks/useImportWallet.ts';
export type { UseLatchkeyReturnType } from './hooks/useLatchkey.ts';
export { useLatchkey } from './hooks/useLatchkey.ts';
export type { UseLinkAccount, UseLinkAccountParameters } from './hooks/useLinkAccount.ts';
export { useLinkAccount } from './hooks/useLinkAccount.ts';
export type { SendCodeToLinkEmail, UseLinkEmail } from './hooks/useLinkEmail.ts';
export { useLinkEmail } from './hooks/useLinkEmail.ts';
export type { UseLinkJwtAccount } from './hooks/useLinkJwtAccount.ts';
export { useLinkJwtAccount } from './hooks/useLinkJwtAccount.ts';
export type { SendCodeToLinkPhone, UseLinkPhone } from './hooks/useLinkPhone.ts';
export { useLinkPhone } from './hooks/useLinkPhone.ts';
export type { LinkWithOAuthInput, UseLinkWithOAuth } from './hooks/useLinkWithOAuth.ts';
export { useLinkWithOAuth } from './hooks/useLinkWithOAuth.ts';
export type { LinkWithPasskeyOptions, UseLinkWithPasskeyParameters } from './hooks/useLinkWithPasskey.ts';
export { useLinkWithPasskey } from './hooks/useLinkWithPasskey.ts';
export type { UseLinkWithSiwe } from './hooks/useLinkWithSiwe.ts';
export { useLinkWithSiwe } from './hooks/useLinkWithSiwe.ts';
export type { UseLoginParameters } from './hooks/useLogin.ts';
export { useLogin } from './hooks/useLogin.ts';
export type { LoginWithCode, SendCodeToEmail, UseLoginWithEmail } from './hooks/useLoginWithEmail.ts';
export { useLoginWithEmail } from './hooks/useLoginWithEmail.ts';
export type {
  FarcasterAuthFlowState,
  LoginWithFarcasterOptions,
  UseLoginWithFarcasterParameters,
} from './hooks/useLoginWithFarcaster.ts';
export { useLoginWithFarcaster } from './hooks/useLoginWithFarcaster.ts';
export type { LoginToMiniAppInput, LoginWithFarcasterV2Input } from './hooks/useLoginWithFarcasterV2.ts';
export { useLoginToMiniApp, useLoginWithFarcasterV2 } from './hooks/useLoginWithFarcasterV2.ts';
export type {
  InitOAuthOptions,
  OAuthFlowState,
  UseLoginWithOAuthParameters,
} from './hooks/useLoginWithOAuth.ts';
export { useLoginWithOAuth } from './hooks/useLoginWithOAuth.ts';
export type { LoginWithPasskeyOptions, UseLoginWithPasskeyParameters } from './hooks/useLoginWithPasskey.ts';
export { useLoginWithPasskey } from './hooks/useLoginWithPasskey.ts';
export type { SiweFlowState, UseLoginWithSiwe } from './hooks/useLoginWithSiwe.ts';
export { useLoginWithSiwe } from './hooks/useLoginWithSiwe.ts';
export type {
  SiwsFlowState,
  SiwsMessageType,
  UseLinkWithSiws,
  UseLoginWithSiws,
} from './hooks/useLoginWithSiws.ts';
export { useLinkWithSiws, useLoginWithSiws } from './hooks/useLoginWithSiws.ts';
export type { SendCodeToSms, UseLoginWithSms } from './hooks/useLoginWithSms.ts';
export { useLoginWithSms } from './hooks/useLoginWithSms.ts';
export * from './hooks/useLoginWithTelegram.ts';
export type { UseLogoutParameters } from './hooks/useLogout.ts';
export { useLogout } from './hooks/useLogout.ts';
export type { UseMfaReturnType } from './hooks/useMfa.ts';
export { useMfa } from './hooks/useMfa.ts';
export type { UseMfaEnrollmentReturnType } from './hooks/useMfaEnrollment.ts';
export { useMfaEnrollment } from './hooks/useMfaEnrollment.ts';
export type { UseMfaEnrollmentUIReturnType } from './hooks/useMfaEnrollmentUI.ts';
export { useMfaEnrollmentUI } from './hooks/useMfaEnrollmentUI.ts';
export { useModalStatus } from './hooks/useModalStatus.ts';
export type { UseOAuthTokens, UseOAuthTokensParameters } from './hooks/useOAuthTokens.ts';
export { useOAuthTokens } from './hooks/useOAuthTokens.ts';
export type { PrivyConnectWalletOptions, PrivyInterface, PrivyLoginOptions } from './hooks/usePrivy.ts';
export { usePrivy } from './hooks/usePrivy.ts';
export type { MfaListener } from './hooks/useRegisterMfaListener.ts';
export { useRegisterMfaListener } from './hooks/useRegisterMfaListener.ts';
export type { SendTransactionResult } from './hooks/useSendTransaction.ts';
export { useSendTransaction } from './hooks/useSendTransaction.ts';
export type { SessionSignerInput } from './hooks/useSessionSigners.ts';
export { useSessionSigners } from './hooks/useSessionSigners.ts';
export type { UseSetWalletPasswordParameters } from './hooks/useSetWalletPassword.ts';
export { useSetWalletPassword } from './hooks/useSetWalletPassword.ts';
export type { UseSetWalletRecoveryParameters } from './hooks/useSetWalletRecovery.ts';
export { useSetWalletRecovery } from './hooks/useSetWalletRecovery.ts';
export type { SignMessageResult } from './hooks/useSignMessage.ts';
export { useSignMessage } from './hooks/useSignMessage.ts';
export type { SignTransactionResult } from './hooks/useSignTransaction.ts';
export { useSignTransaction } from './hooks/useSignTransaction.ts';
export type { SignTypedDataResult } from './hooks/useSignTypedData.ts';
export { useSignTypedData } from './hooks/useSignTypedData.ts';
export type { UseSignupWithPasskeyParameters } from './hooks/useSignupWithPasskey.ts';
export { useSignupWithPasskey } from './hooks/useSignupWithPasskey.ts';
export { useSolanaWallets } from './hooks/useSolanaWallets.ts';
export type { UseSubscribeToJwtAuthWithFlagInput } from './hooks/useSubscribeToJwtAuthWithFlag.ts';
export { useSubscribeToJwtAuthWithFlag } from './hooks/useSubscribeToJwtAuthWithFlag.ts';
export type { UseSyncJwtBasedAuthStateInput } from './hooks/useSyncJwtBasedAuthState.ts';
export { useSyncJwtBasedAuthState } from './hooks/useSyncJwtBasedAuthState.ts';
export type { UseTokenParameters } from './hooks/useToken.ts';
export { useToken } from './hooks/useToken.ts';
export type { UseUnlinkOAuthInterface } from './hooks/useUnlink.ts';
export {
  useUnlinkEmail,
  useUnlinkOAuth,
  useUnlinkPasskey,
  useUnlinkPhone,
  useUnlinkTelegram,
  useUnlinkWallet,
} from './hooks/useUnlink.ts';
export { useUnlinkFarcaster } from './hooks/useUnlinkFarcaster.ts';
export type { UseUpdateAccountParameters } from './hooks/useUpdateAccount.ts';
export { useUpdateAccount } from './hooks/useUpdateAccount.ts';
export type { UseUpdateEmailInterface } from './hooks/useUpdateEmail.ts';
export { useUpdateEmail } from './hooks/useUpdateEmail.ts';
export type { UseUpdatePhoneInterface } from './hooks/useUpdatePhone.ts';
export { useUpdatePhone } from './hooks/useUpdatePhone.ts';
export { useUser } from './hooks/useUser.ts';
export { useWallets } from './hooks/useWallets.ts';
export { missingProviderMessage } from './LatchkeyContext.ts';
export type { LatchkeyProviderProps } from './LatchkeyProvider.tsx';
export { LatchkeyProvider } from './LatchkeyProvider.tsx';
export type { LinkOAuthActions, UnlinkOAuthActions } from './methods/oauth-actions.ts';
export {
  errorIndicatesMaxMfaRetries,
  errorIndicatesMfaTimeout,
  errorIndicatesMfaVerificationFailed,
} from './mfaErrors.ts';
export { toClientUser } from './toClientUser.ts';
export type {
  ClientLinkedAccount,
  ClientUser,
  ConnectedSolanaWallet,
  ConnectedWallet,
  CreateOnLogin,
  EIP1193Provider,
  EmbeddedWallet,
  FundWalletConfig,
  HexColor,
  JwtAuthFlowState,
  LatchkeyAppearance,
  LatchkeyChain,
  LatchkeyConfig,
  LatchkeyCustomAuth,
  LatchkeyEmbeddedWalletsConfig,
  LatchkeyFundingConfig,
  LatchkeySolanaCluster,
  LoginMethod,
  ModalIntent,
  OAuthTokens,
  OAuthTokensEvent,
  WalletChainTypeOption,
} from './types.ts';
export type * from './userTypes.ts';
