import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeBase58 } from './base58.ts';
import type { ResolvedInstruction, UnknownInstruction } from './instruction-types.ts';

/** Little-endian reads that answer undefined instead of throwing when the data is too short. */

export function readU16(data: Uint8Array, offset: number): number | undefined {
  if (offset < 0 || offset + 2 > data.length) return undefined;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint16(offset, true);
}

export function readU32(data: Uint8Array, offset: number): number | undefined {
  if (offset < 0 || offset + 4 > data.length) return undefined;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}

export function readU64(data: Uint8Array, offset: number): bigint | undefined {
  if (offset < 0 || offset + 8 > data.length) return undefined;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

export function readAddress(data: Uint8Array, offset: number): string | undefined {
  if (offset < 0 || offset + 32 > data.length) return undefined;
  return encodeBase58(data.subarray(offset, offset + 32));
}

/** Lower-case hex without `0x` (@noble/hashes, already here for the Anchor discriminators' sha256). */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/** The `unknown` entry for an instruction, its discriminator being the first `length` data bytes. */
export function unknownInstruction(instruction: ResolvedInstruction, length: number): UnknownInstruction {
  return {
    type: 'unknown',
    program: instruction.program,
    discriminator: toHex(instruction.data.subarray(0, length)),
  };
}
