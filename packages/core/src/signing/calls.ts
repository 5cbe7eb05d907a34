// The signing calls as a UI's first load may import them: a few hundred bytes that load the signing
// code on first use. Kept apart from './index.ts' (the queue and the screens' content): esbuild puts
// what an entry file re-exports in the same chunk, so one entry for both would bring the queue into
// the first load of every app that uses a signing hook.
export type { SigningCallbacks } from './callbacks.ts';
export { withCallbacks } from './callbacks.ts';
export { loadEthereumSigning, loadSigningSession, loadSolanaSigning } from './load.ts';
export type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './options.ts';
export type {
  SigningCallOptions,
  SignMessageParameters,
  SignTypedDataParameters,
  SolanaSigningOptions,
  UnsignedTransactionRequest,
} from './parameters.ts';
export type { SigningContext } from './session.ts';
export type { EmbeddedSolanaWalletActions } from './solana-actions.ts';
export { solanaWalletActions } from './solana-actions.ts';
