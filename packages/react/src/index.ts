export type { LatchkeyEventMap } from './events.ts';
export type { LatchkeyActions } from './hooks/latchkeyActions.ts';
export type { ConnectWalletOptions, UseConnectWalletParameters } from './hooks/useConnectWallet.ts';
export { useConnectWallet } from './hooks/useConnectWallet.ts';
export { useIdentityToken } from './hooks/useIdentityToken.ts';
export type { UseLatchkeyReturnType } from './hooks/useLatchkey.ts';
export { useLatchkey } from './hooks/useLatchkey.ts';
export type { UseLinkAccountParameters } from './hooks/useLinkAccount.ts';
export { useLinkAccount } from './hooks/useLinkAccount.ts';
export type { UseLoginParameters } from './hooks/useLogin.ts';
export { useLogin } from './hooks/useLogin.ts';
export type { UseLogoutParameters } from './hooks/useLogout.ts';
export { useLogout } from './hooks/useLogout.ts';
export { useSolanaWallets } from './hooks/useSolanaWallets.ts';
export type { UseUpdateAccountParameters } from './hooks/useUpdateAccount.ts';
export { useUpdateAccount } from './hooks/useUpdateAccount.ts';
export { useWallets } from './hooks/useWallets.ts';
export { missingProviderMessage } from './LatchkeyContext.ts';
export type { LatchkeyProviderProps } from './LatchkeyProvider.tsx';
export { LatchkeyProvider } from './LatchkeyProvider.tsx';
export { toClientUser } from './toClientUser.ts';
export type {
  AccountChangeEvent,
  ClientLinkedAccount,
  ClientUser,
  ConnectedSolanaWallet,
  ConnectedWallet,
  EIP1193Provider,
  HexColor,
  LatchkeyAppearance,
  LatchkeyChain,
  LatchkeyConfig,
  LatchkeyCustomAuth,
  LoginCompleteEvent,
  LoginMethod,
  ModalIntent,
  WalletChainTypeOption,
} from './types.ts';
