/**
 * Solana pieces of the embedded wallet that need no frame: reading and signing-in-place of wire
 * transactions, the confirm screen's decoded instructions, and the funds check.
 */
export {
  type MintData,
  parseAddressLookupTable,
  parseMint,
  parseTokenAccount,
  type TokenAccountData,
} from './accounts.ts';
export {
  type AnalyzeSolanaTransactionParameters,
  analyzeSolanaTransaction,
  type SolanaTransactionAnalysis,
} from './analyze-transaction.ts';
export { decodeBase58, encodeBase58 } from './base58.ts';
export {
  type DecodedSolanaTransaction,
  type DecodeSolanaTransactionOptions,
  decodeSolanaTransaction,
  solanaLookupTableAddresses,
  solanaTransactionAccounts,
} from './decode-instructions.ts';
export {
  insufficientFundsLogLine,
  type SolanaLamportsRequiredParameters,
  type SolanaSimulationOutcome,
  solanaLamportsRequired,
  solanaSimulationHasFunds,
  solanaTransferShortfall,
} from './funds.ts';
export type * from './instruction-types.ts';
export * from './programs.ts';
export {
  type CreateSolanaRpcClientParameters,
  createSolanaRpcClient,
  fromBase64,
  type SolanaRpcClient,
  SolanaRpcError,
  toBase64,
} from './rpc.ts';
export { type SolanaSimulation, simulateSolanaTransaction } from './simulate.ts';
export {
  assertTransactionContainsPublicKey,
  parseSolanaTransaction,
  type SolanaAddressTableLookup,
  type SolanaCompiledInstruction,
  type SolanaMessageHeader,
  type SolanaTransaction,
  solanaTransactionMessageBytes,
  solanaTransactionSignature,
  solanaTransactionSigners,
  transactionContainsPublicKey,
  withRecentBlockhash,
  withSignature,
} from './transaction.ts';
