import { keyProofMessage, userIdPrefix } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base64 } from '@scure/base';
import { type Hex, isHex, verifyMessage } from 'viem';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { parseSolanaAddress, type WalletAddress } from '../wallets/addresses.ts';

/** A key-proof nonce is spent by the request it was fetched for, within minutes. */
const nonceTtlSeconds = 5 * 60;

/** `/frame/nonce`: a single-use nonce for the user's next key proof. */
export async function issueKeyProofNonce(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<{ nonce: string; app_id: string; user_id: string; expires_at: number }> {
  const nonce = randomToken(24);
  const expiresAt = ctx.now() + nonceTtlSeconds;
  await ctx.db
    .insertInto('key_proof_nonces')
    .values({ nonce_hash: sha256Hex(nonce), app_id: appId, user_id: userId, expires_at: expiresAt })
    .execute();
  return { nonce, app_id: appId, user_id: `${userIdPrefix}${userId}`, expires_at: expiresAt };
}

/**
 * Spends the user's nonce: it must be one issued to this user of this app and unexpired. Deleted
 * whatever the outcome of the proofs that use it, so a failed proof cannot be retried with it.
 */
async function spendNonce(ctx: ServerContext, appId: string, userId: string, nonce: string): Promise<void> {
  const spent = await ctx.db
    .deleteFrom('key_proof_nonces')
    .where('nonce_hash', '=', sha256Hex(nonce))
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1)
    throw new ApiError('invalid_key_proof', 'The wallet key proof nonce is unknown, used or expired.');
}

/** One wallet's proof: the address as the wire shows it, and its signature of the key-proof message. */
export interface KeyProof {
  address: WalletAddress;
  signature: string;
}

const refused = (address: WalletAddress) =>
  new ApiError('invalid_key_proof', `The key proof for ${address.display} does not verify.`);

/**
 * Checks that the caller holds the key of every address it claims (a create, an add, an import, a
 * change of recovery): each signed `keyProofMessage` with the nonce, which is spent here. Without
 * this a user could link an address whose key someone else holds, and the real owner's wallet login
 * would land in their account.
 */
export async function verifyKeyProofs(
  ctx: ServerContext,
  params: { appId: string; userId: string; nonce: string; proofs: KeyProof[] },
): Promise<void> {
  await spendNonce(ctx, params.appId, params.userId, params.nonce);
  for (const proof of params.proofs) {
    const message = keyProofMessage({
      appId: params.appId,
      userId: `${userIdPrefix}${params.userId}`,
      address: proof.address.display,
      nonce: params.nonce,
    });
    if (!(await verifies(proof, message))) throw refused(proof.address);
  }
}

/** EIP-191 personal_sign by an EOA (an embedded key is one), or ed25519 over the UTF-8 text. */
async function verifies(proof: KeyProof, message: string): Promise<boolean> {
  const { address, signature } = proof;
  if (address.chainType === 'ethereum') {
    if (!isHex(signature, { strict: true }) || signature.length !== 132) return false;
    try {
      return await verifyMessage({ address: address.display as Hex, message, signature: signature as Hex });
    } catch {
      return false;
    }
  }
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(signature);
  } catch {
    return false;
  }
  if (bytes.length !== 64) return false;
  try {
    return ed25519.verify(
      bytes,
      new TextEncoder().encode(message),
      parseSolanaAddress(address.display).publicKey,
    );
  } catch {
    return false;
  }
}
