import { siwsStatement } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base64 } from '@scure/base';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { parseSolanaAddress, type WalletAddress } from '../wallets/addresses.ts';
import { consumeNonce } from '../wallets/nonces.ts';
import { checkSignInMessage, parseSignInMessage } from '../wallets/sign-in-message.ts';

/** A SIWS signature: base64 of the 64-byte ed25519 signature. */
function parseSignature(input: string): Uint8Array {
  const invalid = () =>
    new ApiError('invalid_data', 'Invalid signature: expected base64 of a 64-byte ed25519 signature.');
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(input);
  } catch {
    throw invalid();
  }
  if (bytes.length !== 64) throw invalid();
  return bytes;
}

/**
 * Verifies a Sign-In with Solana message (the EIP-4361 layout, `Chain ID: mainnet`) and spends its
 * nonce: every field checked as for SIWE, then the ed25519 signature over the UTF-8 message bytes
 * with the address's public key.
 */
export async function verifySiws(
  ctx: ServerContext,
  app: AppRecord,
  input: { message: string; signature: string },
): Promise<WalletAddress> {
  const signature = parseSignature(input.signature);
  const message = parseSignInMessage(input.message, 'Solana');
  const address = parseSolanaAddress(message.address);
  await checkSignInMessage(ctx, app, message, {
    address,
    chainId: 'mainnet',
    defaultStatement: siwsStatement(address.display),
  });
  let valid = false;
  try {
    valid = ed25519.verify(signature, new TextEncoder().encode(input.message), address.publicKey);
  } catch {
    valid = false;
  }
  if (!valid) throw new ApiError('invalid_credentials', 'Invalid signature.');
  await consumeNonce(ctx, app, address, message.nonce);
  return address;
}
