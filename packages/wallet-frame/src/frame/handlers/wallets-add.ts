import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { proveHdWallet } from '../key-proofs.ts';
import { accessToken, chainType, entropyRef, hdWalletIndex, type RequestData } from '../request-data.ts';

/**
 * `privy:wallets:add`: another HD wallet of the user's entropy, registered with the server with its own
 * key's proof → `{address}`.
 */
export async function walletsAdd(ctx: FrameContext, data: RequestData): Promise<{ address: string }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const chain = chainType(data);
  const index = hdWalletIndex(data);
  const nonce = await ctx.api.nonce(token);
  const proof = await withEntropy(ctx, token, ref, ({ seed }) => proveHdWallet(seed, chain, index, nonce));
  await ctx.api.addWallet(token, {
    entropy_id: ref.entropyId,
    chain_type: chain,
    address: proof.address,
    wallet_index: index,
    nonce: nonce.nonce,
    signature: proof.signature,
  });
  return { address: proof.address };
}
