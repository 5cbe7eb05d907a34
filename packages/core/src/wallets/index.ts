/**
 * `@latchkey/core/wallets`: external-wallet code (connectors, discovery, chain switching, SIWE and SIWS).
 * Kept out of the main entry so it loads only on demand (`client.wallets()` imports it lazily).
 */
export {
  linkWithSiwe,
  loginWithSiwe,
  type SignInFlowStatus,
  type SiweParameters,
  siweRoutes,
  unlinkEthereumWallet,
} from '../flows/siwe.ts';
export {
  linkWithSiws,
  loginWithSiws,
  type SiwsParameters,
  siwsRoutes,
  unlinkSolanaWallet,
} from '../flows/siws.ts';
export {
  bytesToBase64,
  isEthereumAddress,
  isSolanaAddress,
  toChecksumAddress,
  utf8ToHex,
} from './address.ts';
export { type InjectedConnectorParameters, injectedConnector } from './connectors/injected.ts';
export type {
  ConnectedAccount,
  ConnectionChainId,
  WalletConnector,
  WalletEvents,
  WalletSignIn,
  WalletSource,
} from './connectors/types.ts';
export { walletStandardConnector } from './connectors/walletStandard.ts';
export {
  defaultWalletConnectors,
  discoverWallets,
  isSolanaStandardWallet,
  type KnownWalletClientType,
  knownWalletClientTypes,
  type WalletDiscovery,
  walletClientTypeOf,
} from './discovery.ts';
export {
  getEthereumChainId,
  hasRpcCode,
  isUserRejection,
  parseChainId,
  personalSign,
  requestEthereumAccount,
  rpcErrorCode,
  switchEthereumChain,
  toHexChainId,
  toWalletError,
} from './ethereum.ts';
export {
  type CreateWalletManagerParameters,
  createWalletManager,
  linkedWalletAddresses,
  readWalletDeepLink,
  type WalletDeepLink,
  type WalletManager,
  type WalletManagerState,
  type WalletSignInOptions,
  walletStorageKeys,
} from './manager.ts';
export { connectSolanaWallet, disconnectSolanaWallet, signSolanaMessage, solanaAccountOf } from './solana.ts';
export * from './types.ts';
