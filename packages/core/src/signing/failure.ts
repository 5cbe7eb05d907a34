import type { ChainType } from '@latchkey/protocol';
import { insufficientFundsLogLine, SolanaRpcError } from '../embedded/index.ts';
import type { SigningFailure } from './content.ts';
import { signingMessages } from './messages.ts';

/** A transaction whose receipt says it reverted. */
export class TransactionRevertedError extends Error {
  override name = 'TransactionRevertedError' as const;
  readonly code = 'transaction_failure';
  readonly hash: string;

  constructor(hash: string) {
    super('Transaction failed.');
    this.hash = hash;
  }
}

/** True for the provider's 4001 'The user rejected the request.'. */
export function isUserRejection(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 4001;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/** The error's code, from its `code` or else its `details` (spec: "error code (from details or message)"). */
function codeOf(error: unknown): string | null {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return typeof details === 'string' ? details : null;
}

/**
 * The transaction error screen's content (spec document 2 §8): the error's code and message; a
 * reverted transaction is 'Transaction failed'. For Solana the message is the log line about
 * insufficient lamports or funds when the node sent one, else 'Something went wrong.'.
 */
export function transactionFailure(error: unknown, chain: ChainType): SigningFailure {
  if (error instanceof TransactionRevertedError)
    return { title: signingMessages.transactionFailed, code: error.code, message: error.message };
  const code = codeOf(error);
  if (chain === 'solana') {
    const logs = error instanceof SolanaRpcError ? error.logs : undefined;
    const cause = (error as { cause?: unknown } | null)?.cause;
    const causeLogs = cause instanceof SolanaRpcError ? cause.logs : undefined;
    const message = insufficientFundsLogLine(logs ?? causeLogs) ?? signingMessages.somethingWentWrong;
    return { title: signingMessages.transactionFailed, code: code ?? messageOf(error), message };
  }
  return {
    title: signingMessages.failedTitle,
    code,
    message: messageOf(error) ?? signingMessages.somethingWentWrong,
  };
}
