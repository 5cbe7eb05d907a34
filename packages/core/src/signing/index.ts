// The signing queue and what its screens show: loaded with the signing code and the modal, never at
// first load. The calls that drive the queue are '@latchkey/core/signing/calls' (./calls.ts).
export type {
  FundingTarget,
  InstructionView,
  MessageContent,
  SigningContent,
  SigningFailure,
  SolanaTransactionContent,
  TransactionContent,
} from './content.ts';
export { formatAmount } from './format.ts';
export type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './options.ts';
export type {
  BatchStep,
  ConfirmChoice,
  SigningSession,
  SigningStage,
  SigningStore,
  SigningUiOptions,
  SigningView,
} from './queue.ts';
export {
  createSigningStore,
  fundingOf,
  SigningCancelledError,
  signedCloseMs,
  signingStore,
} from './queue.ts';
