import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { accessToken, chainType, entropyRef, hdWalletIndex, type RequestData } from '../request-data.ts';
import { walletAddress } from '../wallet-address.ts';

/** `privy:wallets:add`: another HD wallet of the user's entropy, registered with the server → `{address}`. */
export async function walletsAdd(ctx: FrameContext, data: RequestData): Promise<{ address: string }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const chain = chainType(data);
  const index = hdWalletIndex(data);
  const address = await withEntropy(ctx, token, ref, ({ seed }) => walletAddress(seed, chain, index));
  await ctx.api.addWallet(token, {
    entropy_id: ref.entropyId,
    chain_type: chain,
    address,
    wallet_index: index,
  });
  return { address };
}
