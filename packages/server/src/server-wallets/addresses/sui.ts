import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Sui's signature-scheme flag of Ed25519, prefixed to the key before it is hashed. */
const ed25519Flag = 0x00;

/** A `sui` wallet's address: `0x` + hex of BLAKE2b-256(flag 0x00 ‖ Ed25519 public key). */
export function suiAddress(ed25519PublicKey: Uint8Array): string {
  if (ed25519PublicKey.length !== 32) throw new Error('A Sui Ed25519 address needs a 32-byte public key');
  const flagged = new Uint8Array(33);
  flagged[0] = ed25519Flag;
  flagged.set(ed25519PublicKey, 1);
  return `0x${bytesToHex(blake2b(flagged, { dkLen: 32 }))}`;
}
