import { base58 } from '@scure/base';
import { getAddress, isAddress } from 'viem';
import { ApiError } from '../http/api-error.ts';

export type WalletChainType = 'ethereum' | 'solana';

/** A wallet address in its two forms: the account identifier and what the wire shows. */
export interface WalletAddress {
  chainType: WalletChainType;
  /** Unique key of the account: lower-cased 0x address, or the base58 public key as is. */
  identifier: string;
  /** EIP-55 checksummed (Ethereum) or base58 (Solana). */
  display: string;
}

/**
 * An Ethereum address: 0x plus 40 hex digits; a mixed-case one must carry a valid EIP-55
 * checksum. Anything else is 'Invalid Ethereum address' (invalid_data).
 */
export function parseEthereumAddress(input: string): WalletAddress {
  if (!isAddress(input, { strict: true })) throw new ApiError('invalid_data', 'Invalid Ethereum address');
  const display = getAddress(input);
  return { chainType: 'ethereum', identifier: display.toLowerCase(), display };
}

/** A Solana address: the base58 encoding of a 32-byte ed25519 public key. */
export function parseSolanaAddress(input: string): WalletAddress & { publicKey: Uint8Array } {
  const publicKey = decodeSolanaAddress(input);
  if (!publicKey) throw new ApiError('invalid_data', 'Invalid Solana address');
  return { chainType: 'solana', identifier: input, display: input, publicKey };
}

function decodeSolanaAddress(input: string): Uint8Array | null {
  // 32 bytes are 32 to 44 base58 characters; the bound also keeps hostile input cheap.
  if (input.length < 32 || input.length > 44) return null;
  try {
    const bytes = base58.decode(input);
    // base58 is canonical only without superfluous leading '1's: round-trip to be sure.
    return bytes.length === 32 && base58.encode(bytes) === input ? bytes : null;
  } catch {
    return null;
  }
}
