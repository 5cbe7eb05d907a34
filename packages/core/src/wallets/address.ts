import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base64 } from '@scure/base';
import { LatchkeyClientError } from '../errors.ts';

const hexAddress = /^0x[0-9a-fA-F]{40}$/;

/** True for a 0x-prefixed 20-byte hex address (any case). */
export function isEthereumAddress(value: unknown): value is string {
  return typeof value === 'string' && hexAddress.test(value);
}

/**
 * The EIP-55 mixed-case checksum form of an Ethereum address. Hand-written over @noble/hashes'
 * keccak rather than viem's `getAddress`: every viem entry point (`viem`, `viem/utils`) is a barrel
 * whose modules hold `import()`s (secp256k1 in recoverPublicKey, ccip in call) that esbuild splits
 * into chunks even when unused, +38.6 KiB gzip to the app's chunks (179.3 → 217.9 KiB, over the
 * 200 KiB budget of bench:bundle). wallets.test.ts checks it against viem.
 *
 * @example
 * toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
 */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!isEthereumAddress(address))
    throw new LatchkeyClientError('invalid_input', `Invalid address ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out as `0x${string}`;
}

/** UTF-8 text as 0x hex, what `personal_sign` takes (@noble/hashes, already here for keccak). */
export function utf8ToHex(text: string): `0x${string}` {
  return `0x${bytesToHex(utf8ToBytes(text))}`;
}

/** Bytes as standard padded base64 (@scure/base). */
export function bytesToBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** True when `value` decodes from base58 to 32 bytes (a Solana public key). */
export function isSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  try {
    return base58.decode(value).length === 32;
  } catch {
    return false;
  }
}
