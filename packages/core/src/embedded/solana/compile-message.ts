import { LatchkeyClientError } from '../../errors.ts';
import { decodeBase58 } from './base58.ts';

/**
 * Compiles instructions into a Solana message and an unsigned wire transaction (the reading side is
 * transaction.ts). Account order is the runtime's: writable signers (the fee payer first), read-only
 * signers, writable non-signers, read-only non-signers; the header counts them. Legacy, or v0,
 * optionally loading accounts through address lookup tables (Relay's Solana steps may list some):
 * a non-signer that is not an invoked program and is in a table is loaded from the first such table
 * instead of listed; its index follows the static accounts, every table's writable ones first, then
 * every table's read-only ones, as the runtime numbers them.
 */

export interface SolanaAccountMeta {
  pubkey: string;
  isSigner: boolean;
  isWritable: boolean;
}

/** An instruction before compiling: its program, its accounts and data (Relay's step items' shape). */
export interface SolanaInstructionInput {
  programId: string;
  keys: readonly SolanaAccountMeta[];
  data: Uint8Array;
}

export interface CompileSolanaMessageParameters {
  /** The fee payer: the first signer. */
  payer: string;
  recentBlockhash: string;
  instructions: readonly SolanaInstructionInput[];
  version?: 'legacy' | 0 | undefined;
  /** v0 only: the tables (their address and the addresses they hold) accounts may load from. */
  lookupTables?: readonly SolanaLookupTable[] | undefined;
}

export interface SolanaLookupTable {
  address: string;
  addresses: readonly string[];
}

interface Lookup {
  table: string;
  writable: { pubkey: string; index: number }[];
  readonly: { pubkey: string; index: number }[];
}

/** The accounts loaded through `tables`, and the lookups that load them (tables unused left out). */
function loadFromTables(
  accounts: readonly SolanaAccountMeta[],
  programs: ReadonlySet<string>,
  tables: readonly SolanaLookupTable[],
): Lookup[] {
  const lookups: Lookup[] = tables.map((table) => ({ table: table.address, writable: [], readonly: [] }));
  for (const meta of accounts) {
    if (meta.isSigner || programs.has(meta.pubkey)) continue;
    const at = tables.findIndex((table) => table.addresses.includes(meta.pubkey));
    if (at < 0) continue;
    const entry = { pubkey: meta.pubkey, index: tables[at]!.addresses.indexOf(meta.pubkey) };
    (meta.isWritable ? lookups[at]!.writable : lookups[at]!.readonly).push(entry);
  }
  return lookups.filter((lookup) => lookup.writable.length + lookup.readonly.length > 0);
}

/** Solana's compact-u16 ("shortvec"): 7 bits per byte, low bits first. */
export function compactU16(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff)
    throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
      details: `${value} does not fit in a compact-u16`,
    });
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest >>= 7;
    out.push(rest ? low | 0x80 : low);
  } while (rest);
  return out;
}

/** The message's accounts in the runtime's order, each with its merged signer and writable flags. */
export function orderSolanaAccounts(
  payer: string,
  instructions: readonly SolanaInstructionInput[],
): SolanaAccountMeta[] {
  const metas = new Map<string, SolanaAccountMeta>([
    [payer, { pubkey: payer, isSigner: true, isWritable: true }],
  ]);
  const add = (meta: SolanaAccountMeta) => {
    const seen = metas.get(meta.pubkey);
    metas.set(meta.pubkey, {
      pubkey: meta.pubkey,
      isSigner: meta.isSigner || (seen?.isSigner ?? false),
      isWritable: meta.isWritable || (seen?.isWritable ?? false),
    });
  };
  for (const instruction of instructions) {
    for (const key of instruction.keys) add(key);
    add({ pubkey: instruction.programId, isSigner: false, isWritable: false });
  }
  const all = [...metas.values()];
  const rank = (meta: SolanaAccountMeta) => (meta.isSigner ? 0 : 2) + (meta.isWritable ? 0 : 1);
  // A stable sort keeps the payer first among the writable signers.
  return all.sort((a, b) => rank(a) - rank(b));
}

/** The message bytes: what each signer signs. */
export function compileSolanaMessage(params: CompileSolanaMessageParameters): Uint8Array {
  const ordered = orderSolanaAccounts(params.payer, params.instructions);
  if (params.lookupTables?.length && params.version !== 0)
    throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
      details: 'address lookup tables need a v0 message',
    });
  const programs = new Set(params.instructions.map((instruction) => instruction.programId));
  const lookups = loadFromTables(ordered, programs, params.lookupTables ?? []);
  const loaded = new Set(
    lookups.flatMap((lookup) => [...lookup.writable, ...lookup.readonly]).map((e) => e.pubkey),
  );
  const accounts = ordered.filter((meta) => !loaded.has(meta.pubkey));
  // The runtime's numbering: static accounts, then the loaded writable ones, then the loaded read-only ones.
  const numbering = [
    ...accounts.map((meta) => meta.pubkey),
    ...lookups.flatMap((lookup) => lookup.writable.map((entry) => entry.pubkey)),
    ...lookups.flatMap((lookup) => lookup.readonly.map((entry) => entry.pubkey)),
  ];
  const indexOf = new Map(numbering.map((pubkey, index) => [pubkey, index]));
  if (numbering.length > 256)
    throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
      details: 'more than 256 accounts',
    });
  const signers = accounts.filter((meta) => meta.isSigner);
  const bytes: number[] = [];
  if (params.version === 0) bytes.push(0x80);
  bytes.push(
    signers.length,
    signers.filter((meta) => !meta.isWritable).length,
    accounts.filter((meta) => !meta.isSigner && !meta.isWritable).length,
  );
  bytes.push(...compactU16(accounts.length));
  for (const meta of accounts) bytes.push(...decodeBase58Address(meta.pubkey));
  bytes.push(...decodeBase58Address(params.recentBlockhash));
  bytes.push(...compactU16(params.instructions.length));
  for (const instruction of params.instructions) {
    bytes.push(indexOf.get(instruction.programId)!);
    bytes.push(...compactU16(instruction.keys.length));
    for (const key of instruction.keys) bytes.push(indexOf.get(key.pubkey)!);
    bytes.push(...compactU16(instruction.data.length), ...instruction.data);
  }
  if (params.version === 0) {
    bytes.push(...compactU16(lookups.length));
    for (const lookup of lookups) {
      bytes.push(...decodeBase58Address(lookup.table));
      bytes.push(...compactU16(lookup.writable.length), ...lookup.writable.map((entry) => entry.index));
      bytes.push(...compactU16(lookup.readonly.length), ...lookup.readonly.map((entry) => entry.index));
    }
  }
  return Uint8Array.from(bytes);
}

/** 32 bytes of a base58 address or blockhash, or a clear error naming it. */
function decodeBase58Address(text: string): Uint8Array {
  let bytes: Uint8Array | null = null;
  try {
    bytes = decodeBase58(text);
  } catch {
    bytes = null;
  }
  if (bytes?.length !== 32)
    throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
      details: `${text} is not a Solana address`,
    });
  return bytes;
}

/** The wire transaction of `message` with its `signers` signature slots empty (zeros), for the wallet to fill. */
export function unsignedSolanaTransaction(message: Uint8Array): Uint8Array {
  const signers = message[message[0]! & 0x80 ? 1 : 0]!;
  const prefix = compactU16(signers);
  const wire = new Uint8Array(prefix.length + 64 * signers + message.length);
  wire.set(prefix, 0);
  wire.set(message, prefix.length + 64 * signers);
  return wire;
}
