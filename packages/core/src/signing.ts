// The signing queue and its screens' content types: loaded with the signing code, never at first load.
export type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './ui/signing-options.ts';
export type {
  BatchStep,
  ConfirmChoice,
  FundingTarget,
  InstructionView,
  MessageContent,
  SigningContent,
  SigningFailure,
  SigningSession,
  SigningStage,
  SigningStore,
  SigningUiOptions,
  SigningView,
  SolanaTransactionContent,
  TransactionContent,
} from './ui/signing-queue.ts';
export {
  createSigningStore,
  fundingOf,
  SigningCancelledError,
  signedCloseMs,
  signingStore,
} from './ui/signing-queue.ts';
