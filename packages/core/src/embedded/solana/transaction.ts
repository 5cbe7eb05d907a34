import { LatchkeyClientError } from '../../errors.ts';
import { decodeBase58, encodeBase58 } from './base58.ts';

/**
 * The Solana wire format, read and patched here rather than with @solana/kit, measured: kit's
 * `getTransactionDecoder` and `getCompiledTransactionMessageDecoder` are 15.0 KiB gzip (this file,
 * with its base58 and errors, 3.1), and @solana/errors, under every kit decoder, reads Node's
 * NODE_ENV variable, which the SDK must not reference (react/src/bundle.test.ts,
 * e2e/sdk-node-globals.test.ts). transaction.test.ts checks it against kit's decoders.
 *
 * transaction = compact-u16 signature count ‖ signatures (64 bytes each) ‖ message
 * message     = [0x80 | version (v0 only)] ‖ header (3 bytes) ‖ compact-u16 n ‖ n account keys (32)
 *               ‖ recent blockhash (32) ‖ compact-u16 n ‖ n instructions ‖ [v0: address table lookups]
 * instruction = program index (u8) ‖ compact-u16 n ‖ n account indexes (u8) ‖ compact-u16 n ‖ n data bytes
 * lookup      = table address (32) ‖ compact-u16 n ‖ writable indexes ‖ compact-u16 n ‖ readonly indexes
 */

export interface SolanaMessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

/** An instruction as the message stores it: indexes into the transaction's account list. */
export interface SolanaCompiledInstruction {
  programIndex: number;
  accountIndexes: number[];
  data: Uint8Array;
}

export interface SolanaAddressTableLookup {
  /** The lookup table account's address. */
  table: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface SolanaTransaction {
  version: 'legacy' | 0;
  /** One 64-byte slot per required signer; all zeros while unsigned. */
  signatures: Uint8Array[];
  /** The serialized message: the bytes each signer signs. */
  messageBytes: Uint8Array;
  header: SolanaMessageHeader;
  /** Account keys listed in the message; the first `numRequiredSignatures` are the signers. */
  staticAccounts: string[];
  recentBlockhash: string;
  instructions: SolanaCompiledInstruction[];
  /** v0 only: accounts loaded from address lookup tables. */
  addressTableLookups: SolanaAddressTableLookup[];
}

/** Uint8Array, also one made in another realm (an iframe), as noble checks it. */
function isBytes(value: unknown): value is Uint8Array {
  return (
    value instanceof Uint8Array || (ArrayBuffer.isView(value) && value.constructor.name === 'Uint8Array')
  );
}

function invalid(details: string): LatchkeyClientError {
  return new LatchkeyClientError('invalid_input', 'Invalid transaction request', { details });
}

/** A cursor over the bytes that reports a short or malformed transaction instead of reading past it. */
class Reader {
  offset = 0;
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  u8(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw invalid('the transaction ends early');
    this.offset += 1;
    return value;
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw invalid('the transaction ends early');
    const out = this.bytes.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  /** Solana's compact-u16 ("shortvec"): 7 bits per byte, low bits first, at most 3 bytes. */
  compactU16(): number {
    let value = 0;
    for (let index = 0; index < 3; index += 1) {
      const byte = this.u8();
      value |= (byte & 0x7f) << (7 * index);
      if ((byte & 0x80) === 0) {
        if (value > 0xffff) throw invalid('a length does not fit in 16 bits');
        return value;
      }
    }
    throw invalid('a length does not fit in 16 bits');
  }

  address(): string {
    return encodeBase58(this.take(32));
  }
}

/**
 * Reads a serialized (wire-format) transaction, legacy or v0.
 *
 * @example
 * const { staticAccounts, instructions } = parseSolanaTransaction(wireBytes);
 */
export function parseSolanaTransaction(wire: Uint8Array): SolanaTransaction {
  if (!isBytes(wire)) throw invalid('the transaction must be bytes');
  const reader = new Reader(wire);
  const signatureCount = reader.compactU16();
  const signatures: Uint8Array[] = [];
  for (let index = 0; index < signatureCount; index += 1) signatures.push(reader.take(64));
  const messageStart = reader.offset;

  let version: 'legacy' | 0 = 'legacy';
  const first = reader.bytes[reader.offset];
  if (first !== undefined && (first & 0x80) !== 0) {
    const number = first & 0x7f;
    if (number !== 0) throw invalid(`transaction version ${number} is not supported`);
    version = 0;
    reader.offset += 1;
  }
  const header: SolanaMessageHeader = {
    numRequiredSignatures: reader.u8(),
    numReadonlySignedAccounts: reader.u8(),
    numReadonlyUnsignedAccounts: reader.u8(),
  };
  const staticAccounts: string[] = [];
  const accountCount = reader.compactU16();
  for (let index = 0; index < accountCount; index += 1) staticAccounts.push(reader.address());
  const recentBlockhash = reader.address();
  const instructions: SolanaCompiledInstruction[] = [];
  const instructionCount = reader.compactU16();
  for (let index = 0; index < instructionCount; index += 1) {
    const programIndex = reader.u8();
    const accountIndexes = Array.from(reader.take(reader.compactU16()));
    const data = reader.take(reader.compactU16());
    instructions.push({ programIndex, accountIndexes, data });
  }
  const addressTableLookups: SolanaAddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.compactU16();
    for (let index = 0; index < lookupCount; index += 1) {
      const table = reader.address();
      const writableIndexes = Array.from(reader.take(reader.compactU16()));
      const readonlyIndexes = Array.from(reader.take(reader.compactU16()));
      addressTableLookups.push({ table, writableIndexes, readonlyIndexes });
    }
  }
  if (reader.offset !== wire.length) throw invalid('unexpected bytes after the message');

  // The checks a validator's sanitizer makes before it looks at anything else.
  if (header.numRequiredSignatures === 0) throw invalid('a transaction needs a fee payer signature');
  if (signatureCount !== header.numRequiredSignatures)
    throw invalid(`${signatureCount} signatures for ${header.numRequiredSignatures} required signers`);
  if (header.numRequiredSignatures > staticAccounts.length) throw invalid('more signers than account keys');
  const loaded = addressTableLookups.reduce(
    (sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length,
    0,
  );
  for (const instruction of instructions) {
    if (instruction.programIndex >= staticAccounts.length)
      throw invalid('an instruction names a program outside the account keys');
    if (instruction.accountIndexes.some((index) => index >= staticAccounts.length + loaded))
      throw invalid('an instruction names an account outside the account list');
  }

  return {
    version,
    signatures,
    messageBytes: wire.slice(messageStart),
    header,
    staticAccounts,
    recentBlockhash,
    instructions,
    addressTableLookups,
  };
}

/**
 * The message bytes of a serialized transaction: what each signer signs (WIRE §6 — the frame signs
 * them with `signMessage`).
 */
export function solanaTransactionMessageBytes(wire: Uint8Array): Uint8Array {
  return parseSolanaTransaction(wire).messageBytes;
}

/** The signers of a transaction, fee payer first. */
export function solanaTransactionSigners(transaction: SolanaTransaction): string[] {
  return transaction.staticAccounts.slice(0, transaction.header.numRequiredSignatures);
}

/** True when `address` is one of the transaction's own (non-lookup) account keys. */
export function transactionContainsPublicKey(wire: Uint8Array, address: string): boolean {
  return parseSolanaTransaction(wire).staticAccounts.includes(address);
}

/**
 * Throws 'Transaction does not contain public key {address}' unless the wallet is part of the
 * transaction (spec: Solana transactions must include the wallet's public key).
 */
export function assertTransactionContainsPublicKey(wire: Uint8Array, address: string): void {
  if (!transactionContainsPublicKey(wire, address))
    throw new LatchkeyClientError('unable_to_sign', `Transaction does not contain public key ${address}`);
}

/** The wire transaction with `signature` (64 bytes) in the slot of signer `publicKey`. */
export function withSignature(wire: Uint8Array, publicKey: string, signature: Uint8Array): Uint8Array {
  if (!isBytes(signature) || signature.length !== 64)
    throw new LatchkeyClientError('unable_to_sign', 'A Solana signature is 64 bytes');
  const transaction = parseSolanaTransaction(wire);
  const index = solanaTransactionSigners(transaction).indexOf(publicKey);
  if (index < 0) {
    const detail = transaction.staticAccounts.includes(publicKey) ? ' as a signer' : '';
    throw new LatchkeyClientError(
      'unable_to_sign',
      `Transaction does not contain public key ${publicKey}${detail}`,
    );
  }
  // The signatures start right after their compact-u16 count (1 byte below 128 signers).
  const start = wire.length - transaction.messageBytes.length - 64 * transaction.signatures.length;
  const out = wire.slice();
  out.set(signature, start + 64 * index);
  return out;
}

/**
 * The transaction re-pointed at another recent blockhash, with every signature slot emptied
 * (a new blockhash makes the old signatures worthless). Used to retry with a fresh blockhash.
 */
export function withRecentBlockhash(wire: Uint8Array, blockhash: string): Uint8Array {
  const hash = decodeBase58(blockhash);
  if (hash.length !== 32) throw invalid('a blockhash is 32 bytes');
  const transaction = parseSolanaTransaction(wire);
  const messageStart = wire.length - transaction.messageBytes.length;
  const keysStart = messageStart + (transaction.version === 0 ? 1 : 0) + 3;
  const countBytes = compactU16Length(transaction.staticAccounts.length);
  const blockhashAt = keysStart + countBytes + 32 * transaction.staticAccounts.length;
  const out = wire.slice();
  out.fill(0, messageStart - 64 * transaction.signatures.length, messageStart);
  out.set(hash, blockhashAt);
  return out;
}

/** The transaction's id: its first signature in base58, or null while the fee payer has not signed. */
export function solanaTransactionSignature(wire: Uint8Array): string | null {
  const [first] = parseSolanaTransaction(wire).signatures;
  return first?.some((byte) => byte !== 0) ? encodeBase58(first) : null;
}

function compactU16Length(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : 3;
}
