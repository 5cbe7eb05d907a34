/**
 * How the test Solana wallet signs a transaction (`solana:signTransaction`), as a real wallet does:
 * reads the wire format (compact-u16 signature count ‖ 64-byte signatures ‖ message), finds its key
 * among the message's signers, signs the message bytes with ed25519 and puts the signature in its
 * slot. Browser-safe (the demo signs in the page).
 */
import { ed25519 } from '@noble/curves/ed25519.js';

/** Solana's compact-u16 at `offset`: its value and the offset after it. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let index = 0; index < 3; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) throw new Error('The transaction ends early');
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) return [value, offset + index + 1];
  }
  throw new Error('A length does not fit in 16 bits');
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The wire `transaction` with the signature of `secretKey`'s key in its slot.
 *
 * @throws Error when the bytes are not a transaction or the key is not one of its signers.
 */
export function signSolanaWireTransaction(transaction: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const [count, signaturesStart] = compactU16(transaction, 0);
  const messageStart = signaturesStart + 64 * count;
  if (messageStart >= transaction.length) throw new Error('The transaction ends early');
  const message = transaction.subarray(messageStart);
  // v0 messages start with 0x80 | version; legacy ones with the header's signer count (< 128).
  let offset = message[0]! & 0x80 ? 1 : 0;
  const signers = message[offset]!;
  offset += 3; // the header: signers, read-only signers, read-only non-signers
  const [keys, keysStart] = compactU16(message, offset);
  if (signers !== count || signers > keys || keysStart + 32 * keys > message.length)
    throw new Error('The signature slots do not match the message');
  const publicKey = ed25519.getPublicKey(secretKey);
  const slot = Array.from({ length: signers }, (_, index) =>
    message.subarray(keysStart + 32 * index, keysStart + 32 * (index + 1)),
  ).findIndex((key) => sameBytes(key, publicKey));
  if (slot < 0) throw new Error('This wallet is not a signer of the transaction');
  const signed = Uint8Array.from(transaction);
  signed.set(ed25519.sign(message, secretKey), signaturesStart + 64 * slot);
  return signed;
}
