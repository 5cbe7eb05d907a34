import { readAddress, readU64 } from './binary.ts';

/** Readers for the on-chain account data a transaction's analysis needs. */

export interface TokenAccountData {
  mint: string;
  owner: string;
  amount: bigint;
}

/** An SPL token account (165 bytes, plus Token-2022 extensions): mint ‖ owner ‖ amount u64 ‖ … */
export function parseTokenAccount(data: Uint8Array): TokenAccountData | null {
  if (data.length < 165) return null;
  return { mint: readAddress(data, 0)!, owner: readAddress(data, 32)!, amount: readU64(data, 64)! };
}

export interface MintData {
  supply: bigint;
  decimals: number;
}

/** An SPL mint (82 bytes, plus Token-2022 extensions): authority option (36) ‖ supply u64 ‖ decimals u8 ‖ … */
export function parseMint(data: Uint8Array): MintData | null {
  if (data.length < 82) return null;
  return { supply: readU64(data, 36)!, decimals: data[44]! };
}

/**
 * The addresses stored in an address lookup table account: a 56-byte header (type, deactivation
 * slot, last extended slot and index, optional authority), then 32 bytes per address.
 */
export function parseAddressLookupTable(data: Uint8Array): string[] | null {
  if (data.length < 56 || (data.length - 56) % 32 !== 0) return null;
  const addresses: string[] = [];
  for (let offset = 56; offset < data.length; offset += 32) addresses.push(readAddress(data, offset)!);
  return addresses;
}
