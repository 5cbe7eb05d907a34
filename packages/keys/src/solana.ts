import { ed25519 } from '@noble/curves/ed25519.js';
import { InvalidRequestError } from './errors.ts';

/**
 * Signs `message` with a 64-byte Solana secret key (seed ‖ public key). Solana transactions are signed the
 * same way, over their serialized message (WIRE §6), so this is the only Solana signing primitive.
 */
export function solanaSignMessage(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  if (secretKey.length !== 64) throw new InvalidRequestError('A Solana secret key is 64 bytes');
  return ed25519.sign(message, secretKey.subarray(0, 32));
}
