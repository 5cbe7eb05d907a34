/**
 * `@latchkey/core/embedded`: embedded wallets (the wallet-frame proxy, the API on top of it, the
 * EIP-1193 provider and transaction preparation). Kept out of the main entry so it loads only on
 * demand (`client.embeddedWallets()` imports it lazily).
 */
export {
  type EmbeddedChainType,
  type EmbeddedEntropy,
  type EmbeddedWalletAccount,
  type EntropyIdVerifier,
  embeddedEntropy,
  embeddedWallets,
  findEmbeddedWallet,
  nextWalletIndex,
  type RecoveryMethod,
  type SupportedRecoveryMethod,
} from './accounts.ts';
export { clientEmbeddedWallets } from './client-wallets.ts';
export {
  type CreateEmbeddedWalletOptions,
  type CreateEmbeddedWalletsParameters,
  createEmbeddedWallets,
  type DelegateWalletsRequest,
  type EmbeddedSession,
  type EmbeddedWallets,
  type ImportEmbeddedWalletOptions,
} from './embedded-wallets.ts';
export {
  EmbeddedWalletError,
  type EmbeddedWalletErrorType,
  embeddedMessages,
  isEmbeddedWalletError,
  ProviderRpcError,
} from './errors.ts';
export {
  type ConfirmHook,
  type CreateEmbeddedEthereumProviderParameters,
  createEmbeddedEthereumProvider,
  type EmbeddedConfirmRequest,
  type EmbeddedEthereumProvider,
  type EmbeddedRequestOptions,
  type EmbeddedSigningMethod,
  type FrameSign,
} from './ethereum-provider.ts';
export { type EvmChain, type FeeFamily, feeFamily, legacyOnlyChainIds, polygonGasStations } from './fees.ts';
export {
  type CreateFrameProxyParameters,
  createFrameProxy,
  deduplicatedFrameEvents,
  defaultFrameTimeoutMs,
  type FrameDocument,
  type FrameElement,
  type FrameMessageEvent,
  type FrameProxy,
  type FrameRequestOptions,
  type FrameTarget,
  type FrameWindow,
  frameUrl,
  longFrameEvents,
  longFrameTimeoutMs,
  readyEvent,
  readyIntervalMs,
  readyMaxTries,
} from './frame-proxy.ts';
export { type ChainRpc, httpChainRpc } from './json-rpc.ts';
export {
  type AccessListEntry,
  configuredChain,
  type Hex,
  type PreparedTransaction,
  type PrepareTransactionParameters,
  parseQuantity,
  parseTransactionRequest,
  prepareTransaction,
  type Quantity,
  type TransactionRequest,
  type TransactionType,
  toHex,
} from './prepare-transaction.ts';
export type {
  DecodedInstruction,
  SolanaRpcClient,
  SolanaTransactionAnalysis,
} from './solana/index.ts';
export {
  createSolanaRpcClient,
  insufficientFundsLogLine,
  parseSolanaTransaction,
  SolanaRpcError,
  solanaTransactionSigners,
  solanaTransferShortfall,
  withRecentBlockhash,
} from './solana/index.ts';
export {
  type CreateEmbeddedSolanaWalletParameters,
  createEmbeddedSolanaWallet,
  defaultSolanaCluster,
  type EmbeddedSolanaMethod,
  type EmbeddedSolanaWallet,
  type SolanaCluster,
  type SolanaConfirmHook,
  type SolanaConfirmRequest,
  type SolanaRequestOptions,
  solanaCluster,
  solanaInsufficientFundsMessage,
  type WaitForSolanaSignatureParameters,
  waitForSolanaSignature,
} from './solana-wallet.ts';
