import { LatchkeyClientError } from '../../errors.ts';
import { toHex } from './binary.ts';
import type { DecodedInstruction, ResolvedInstruction } from './instruction-types.ts';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  JUPITER_PROGRAMS,
  RAYDIUM_CPMM_PROGRAMS,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './programs.ts';
import { decodeJupiterInstruction, decodeRaydiumInstruction } from './swap-instructions.ts';
import { decodeSystemInstruction } from './system-instructions.ts';
import { decodeAssociatedTokenInstruction, decodeTokenInstruction } from './token-instructions.ts';
import { parseSolanaTransaction, type SolanaTransaction, solanaTransactionSigners } from './transaction.ts';

export type * from './instruction-types.ts';

export interface DecodedSolanaTransaction {
  version: 'legacy' | 0;
  /** Pays the fee: the first signer. */
  feePayer: string;
  recentBlockhash: string;
  instructions: DecodedInstruction[];
  /** Every account that must sign, fee payer first. */
  signers: string[];
}

export interface DecodeSolanaTransactionOptions {
  /**
   * Contents of the address lookup tables a v0 transaction loads accounts from, by table address
   * (fetch them with `getAccountInfo` and read them with `parseAddressLookupTable`).
   */
  addressLookupTables?: Readonly<Record<string, readonly string[]>>;
}

/** The address lookup tables a transaction loads accounts from, for the caller to fetch. */
export function solanaLookupTableAddresses(wire: Uint8Array): string[] {
  return parseSolanaTransaction(wire).addressTableLookups.map((lookup) => lookup.table);
}

/**
 * All accounts an instruction index can name: the message's own keys, then the writable accounts
 * of every lookup table (in table order), then their read-only accounts.
 */
export function solanaTransactionAccounts(
  transaction: SolanaTransaction,
  tables: DecodeSolanaTransactionOptions['addressLookupTables'] = {},
): string[] {
  const pick = (table: string, index: number): string => {
    const contents = tables[table];
    if (!contents)
      throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
        details: `the contents of address lookup table ${table} are needed to read this transaction`,
      });
    const entry = contents[index];
    if (entry === undefined)
      throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
        details: `address lookup table ${table} has no entry ${index}`,
      });
    return entry;
  };
  const lookups = transaction.addressTableLookups;
  return [
    ...transaction.staticAccounts,
    ...lookups.flatMap((lookup) => lookup.writableIndexes.map((index) => pick(lookup.table, index))),
    ...lookups.flatMap((lookup) => lookup.readonlyIndexes.map((index) => pick(lookup.table, index))),
  ];
}

function decodeInstruction(instruction: ResolvedInstruction): DecodedInstruction | null {
  const { program } = instruction;
  // Compute-budget instructions only set the fee, which the screen shows as its own row.
  if (program === COMPUTE_BUDGET_PROGRAM) return null;
  if (program === SYSTEM_PROGRAM) return decodeSystemInstruction(instruction);
  if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) return decodeTokenInstruction(instruction);
  if (program === ASSOCIATED_TOKEN_PROGRAM) return decodeAssociatedTokenInstruction(instruction);
  if (RAYDIUM_CPMM_PROGRAMS.includes(program)) return decodeRaydiumInstruction(instruction);
  if (JUPITER_PROGRAMS.includes(program)) return decodeJupiterInstruction(instruction);
  return { type: 'unknown', program, discriminator: toHex(instruction.data.subarray(0, 8)) };
}

/**
 * Fills in what a token transfer leaves out (mint, the destination's wallet) from token accounts
 * that the same transaction creates or initializes.
 */
function completeTokenTransfers(instructions: DecodedInstruction[]): DecodedInstruction[] {
  const created = new Map<string, { mint: string; owner: string }>();
  for (const instruction of instructions) {
    if (instruction.type === 'ata-creation')
      created.set(instruction.associatedTokenAccount, { mint: instruction.mint, owner: instruction.owner });
    if (instruction.type === 'spl-init-account')
      created.set(instruction.account, { mint: instruction.mint, owner: instruction.owner });
  }
  return instructions.map((instruction) => {
    if (instruction.type !== 'spl-transfer') return instruction;
    const destination = created.get(instruction.destination);
    const mint = instruction.mint ?? destination?.mint ?? created.get(instruction.source)?.mint;
    return {
      ...instruction,
      ...(mint ? { mint } : {}),
      ...(destination ? { destinationOwner: destination.owner } : {}),
    };
  });
}

/**
 * The instruction readers are hand-written for the reason in transaction.ts: @solana-program/system's
 * and /token's parsers are 13.0 and 12.9 KiB gzip (all of this decoding, 7.3) and reference that
 * same NODE_ENV variable. The tests build every
 * instruction with those programs' own encoders and land it on an SVM first.
 *
 * Decodes a serialized Solana transaction (legacy or v0) for the confirm screen: who pays, who
 * signs, and each instruction as one of the spec's types (or `unknown` with program and
 * discriminator). Compute-budget instructions are left out: they only set the fee.
 *
 * @example
 * const { feePayer, instructions } = decodeSolanaTransaction(wireBytes);
 * // instructions[0] → { type: 'sol-transfer', fromAccount, toAccount, lamports: 1000000n, … }
 */
export function decodeSolanaTransaction(
  wire: Uint8Array,
  options: DecodeSolanaTransactionOptions = {},
): DecodedSolanaTransaction {
  const transaction = parseSolanaTransaction(wire);
  const accounts = solanaTransactionAccounts(transaction, options.addressLookupTables);
  const decoded: DecodedInstruction[] = [];
  for (const instruction of transaction.instructions) {
    const result = decodeInstruction({
      program: accounts[instruction.programIndex]!,
      accounts: instruction.accountIndexes.map((index) => accounts[index]!),
      data: instruction.data,
    });
    if (result) decoded.push(result);
  }
  const signers = solanaTransactionSigners(transaction);
  return {
    version: transaction.version,
    feePayer: signers[0]!,
    recentBlockhash: transaction.recentBlockhash,
    instructions: completeTokenTransfers(decoded),
    signers,
  };
}
