import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** Tron's mainnet address prefix byte (the `T` of its base58 form). */
const tronPrefix = 0x41;

/**
 * A `tron` wallet's address: base58check of 0x41 ‖ the last 20 bytes of keccak256 of the
 * uncompressed public key without its 0x04 byte (the Ethereum address bytes under another prefix).
 * Takes the secp256k1 public key compressed or not.
 */
export function tronAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const payload = new Uint8Array(21);
  payload[0] = tronPrefix;
  payload.set(keccak_256(uncompressed.subarray(1)).subarray(12), 1);
  return base58check.encode(payload);
}
