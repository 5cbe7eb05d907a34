import type { DecodedInstruction } from './instruction-types.ts';

/** A simulation's verdict as the RPC reports it: `err` (null when it ran through) and its logs. */
export interface SolanaSimulationOutcome {
  err: unknown;
  logs: readonly string[] | null | undefined;
}

const insufficientFunds = /insufficient (funds|lamports)/i;

/**
 * The log line that says the wallet is short (`Transfer: insufficient lamports 5000, need 10000`),
 * which the transaction error screen shows; undefined when no line says so.
 */
export function insufficientFundsLogLine(logs: readonly string[] | null | undefined): string | undefined {
  return logs?.find((line) => insufficientFunds.test(line));
}

/**
 * Whether the simulated transaction is affordable (spec: Solana preparation checks funds unless
 * sign-only; 'Solana wallet has insufficient funds for this transaction.'). Short when a program
 * logs insufficient lamports or funds, and also when the runtime refuses the fee payer before any
 * program runs: no fee-payer account at all (`AccountNotFound`), too little for the fee, or a
 * payment that would leave the fee payer (account 0) below rent exemption. Those leave no logs.
 */
export function solanaSimulationHasFunds(outcome: SolanaSimulationOutcome): boolean {
  if (insufficientFundsLogLine(outcome.logs)) return false;
  const { err } = outcome;
  if (err === 'AccountNotFound' || err === 'InsufficientFundsForFee') return false;
  if (typeof err === 'object' && err !== null && 'InsufficientFundsForRent' in err) {
    const detail = (err as { InsufficientFundsForRent?: { account_index?: unknown } })
      .InsufficientFundsForRent;
    return Number(detail?.account_index) !== 0;
  }
  return true;
}

export interface SolanaLamportsRequiredParameters {
  /** The wallet whose balance pays. */
  spender: string;
  /** The transaction's fee payer: the fee counts only when it is the spender. */
  feePayer: string;
  /** The transaction fee in lamports. */
  fee: bigint;
  instructions: readonly DecodedInstruction[];
}

/**
 * Lamports the spender parts with: the fee (if it pays it), the SOL it sends, and the lamports it
 * puts into accounts it creates. Token amounts are not lamports and do not count (spec: the fee is
 * added to the total only for SOL).
 */
export function solanaLamportsRequired({
  spender,
  feePayer,
  fee,
  instructions,
}: SolanaLamportsRequiredParameters) {
  let total = feePayer === spender ? fee : 0n;
  for (const instruction of instructions) {
    if (instruction.type === 'sol-transfer' && instruction.fromAccount === spender)
      total += instruction.lamports;
    if (instruction.type === 'create-account' && instruction.fromAccount === spender)
      total += instruction.lamports;
  }
  return total;
}

/**
 * How many more lamports the spender needs before the transaction can go through: 0n when the
 * balance covers fee, transfers and new accounts. The 'Add funds' path asks for this amount.
 *
 * @example
 * solanaTransferShortfall({ balance: 1_000_000n, spender, feePayer: spender, fee: 5000n, instructions })
 */
export function solanaTransferShortfall(
  parameters: SolanaLamportsRequiredParameters & { balance: bigint },
): bigint {
  const required = solanaLamportsRequired(parameters);
  return required > parameters.balance ? required - parameters.balance : 0n;
}
