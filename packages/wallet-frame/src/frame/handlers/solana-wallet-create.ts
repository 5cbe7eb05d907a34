import { entropyIdVerifiers } from '@latchkey/protocol';
import { createEntropy } from '../create-entropy.ts';
import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { proveHdWallet } from '../key-proofs.ts';
import { accessToken, type RequestData, recoveryChoice } from '../request-data.ts';

/**
 * `privy:solana-wallet:create` → `{publicKey}` (Solana index 0). With `ethereumAddress` (the entropyId of a
 * user who has an Ethereum wallet) the Solana wallet comes from that same entropy; without it, a new
 * entropy is created with Solana as its first wallet.
 */
export async function solanaWalletCreate(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ publicKey: string }> {
  const token = accessToken(data);
  const { ethereumAddress } = data;
  if (ethereumAddress === undefined || ethereumAddress === null) {
    return { publicKey: await createEntropy(ctx, token, 'solana', recoveryChoice(data)) };
  }
  if (typeof ethereumAddress !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(ethereumAddress))
    throw new FrameError('invalid_request_arguments', 'Invalid ethereumAddress');
  const ref = {
    entropyId: ethereumAddress,
    verifier: entropyIdVerifiers.ethereum,
    primaryChain: 'ethereum',
  } as const;
  const nonce = await ctx.api.nonce(token);
  const proof = await withEntropy(ctx, token, ref, ({ seed }) => proveHdWallet(seed, 'solana', 0, nonce));
  await ctx.api.addWallet(token, {
    entropy_id: ethereumAddress,
    chain_type: 'solana',
    address: proof.address,
    wallet_index: 0,
    nonce: nonce.nonce,
    signature: proof.signature,
  });
  return { publicKey: proof.address };
}
