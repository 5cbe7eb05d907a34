import { sha256 } from '@noble/hashes/sha2.js';
import { LatchkeyClientError } from '../../errors.ts';
import { decodeBase58, encodeBase58 } from './base58.ts';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

/**
 * Program derived addresses (PDAs), as the runtime's `find_program_address` derives them: the
 * SHA-256 of the seeds ‖ bump ‖ program id ‖ "ProgramDerivedAddress", bump from 255 down, the first
 * hash that is not an ed25519 public key (a PDA must have no private key). Here rather than through
 * @noble/curves (not a dependency of core): the curve check is one Legendre symbol.
 */

const p = 2n ** 255n - 19n;
/** Edwards25519's d = -121665/121666 mod p. */
const d = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const marker = new TextEncoder().encode('ProgramDerivedAddress');

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % p) + p) % p;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % p;
    b = (b * b) % p;
  }
  return result;
}

/**
 * Whether 32 bytes are a compressed ed25519 point, as curve25519-dalek's `decompress` decides: y is
 * the little-endian bytes without the sign bit (reduced mod p, as dalek reads it), and the point
 * exists when x² = (y² − 1) / (d·y² + 1) has a root, i.e. that ratio is 0 or a square (Euler).
 */
export function isOnEd25519Curve(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false;
  let y = 0n;
  for (let index = 31; index >= 0; index -= 1) y = (y << 8n) | BigInt(bytes[index]!);
  y = (y & ((1n << 255n) - 1n)) % p;
  const y2 = (y * y) % p;
  const u = (y2 - 1n + p) % p;
  const v = (d * y2 + 1n) % p; // never 0: −1/d is not a square mod p
  const ratio = (u * modPow(v, p - 2n)) % p;
  return ratio === 0n || modPow(ratio, (p - 1n) / 2n) === 1n;
}

/** The seed bytes of an address (base58) or raw bytes. */
const seedBytes = (seed: string | Uint8Array) => (typeof seed === 'string' ? decodeBase58(seed) : seed);

/**
 * The program's address for `seeds` and its bump.
 *
 * @throws LatchkeyClientError `invalid_input` for a seed over 32 bytes, more than 16 seeds, or no bump
 *   left (never seen in practice: each bump has an even chance).
 */
export function findProgramAddress(
  seeds: readonly (string | Uint8Array)[],
  programId: string,
): { address: string; bump: number } {
  const parts = seeds.map(seedBytes);
  if (parts.length > 15 || parts.some((part) => part.length > 32))
    throw new LatchkeyClientError('invalid_input', 'Invalid program address seeds');
  const program = decodeBase58(programId);
  for (let bump = 255; bump >= 0; bump -= 1) {
    const hash = sha256
      .create()
      .update(concat([...parts, Uint8Array.of(bump), program, marker]))
      .digest();
    if (!isOnEd25519Curve(hash)) return { address: encodeBase58(hash), bump };
  }
  throw new LatchkeyClientError('invalid_input', 'No program address for these seeds');
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `owner`'s associated token account of `mint`: the PDA of [owner, token program, mint] under the ATA program. */
export function associatedTokenAddress(owner: string, mint: string, tokenProgram = TOKEN_PROGRAM): string {
  return findProgramAddress([owner, tokenProgram, mint], ASSOCIATED_TOKEN_PROGRAM).address;
}
