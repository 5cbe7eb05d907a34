import { ed25519 } from '@noble/curves/ed25519.js';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { parseParams } from './ethereum-signing.ts';
import { parseSolanaTransaction } from './solana-transaction.ts';

/**
 * Solana signing (spec document 2 §7): `signMessage` over the message bytes, and `signTransaction`
 * over a serialized transaction's message, its signature put in this wallet's slot. Base64 in and
 * out, as `@privy-io/node` sends and reads them.
 */

const base64 = z
  .string()
  .max(2_000_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

export const solanaParams = {
  signMessage: z.object({ message: base64, encoding: z.literal('base64') }),
  signTransaction: z.object({ transaction: base64.min(1), encoding: z.literal('base64') }),
} as const;

/** The seed's public key, which is the wallet's address (base58). */
const publicKeyOf = (seed: Uint8Array) => ed25519.getPublicKey(seed);

export function signSolanaMessage(seed: Uint8Array, params: unknown): Record<string, unknown> {
  const { message } = parseParams(solanaParams.signMessage, params);
  const signature = ed25519.sign(Buffer.from(message, 'base64'), seed);
  return { signature: Buffer.from(signature).toString('base64'), encoding: 'base64' };
}

/** The transaction with this wallet's signature in its slot; other signers' slots are left as they are. */
export function signSolanaTransaction(seed: Uint8Array, params: unknown): Uint8Array {
  const { transaction } = parseParams(solanaParams.signTransaction, params);
  const bytes = new Uint8Array(Buffer.from(transaction, 'base64'));
  const parsed = parseSolanaTransaction(bytes);
  const publicKey = publicKeyOf(seed);
  const slot = parsed.signers.findIndex((signer) => Buffer.compare(signer, publicKey) === 0);
  if (slot < 0) throw new ApiError('invalid_data', 'This wallet is not a signer of the transaction');
  const signature = ed25519.sign(parsed.message, seed);
  const signed = bytes.slice();
  signed.set(signature, parsed.signaturesOffset + 64 * slot);
  return signed;
}
