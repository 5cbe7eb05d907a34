import { base58 } from '@scure/base';

/**
 * Base58 (Bitcoin alphabet), the text form of Solana addresses, blockhashes and signatures, by
 * @scure/base (in the embedded chunk only).
 */
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** @example encodeBase58(new Uint8Array(32)) // '11111111111111111111111111111111' */
export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** The bytes of a base58 string; throws on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  // The message names the first offending character, as callers have always seen it.
  const bad = [...text].find((char) => !alphabet.includes(char));
  if (bad !== undefined) throw new Error(`Invalid base58 character '${bad}'`);
  return base58.decode(text);
}
