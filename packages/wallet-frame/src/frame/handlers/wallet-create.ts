import { createEntropy } from '../create-entropy.ts';
import type { FrameContext } from '../frame-context.ts';
import { accessToken, type RequestData, recoveryChoice } from '../request-data.ts';

/** `privy:wallet:create`: a new entropy whose first wallet is Ethereum index 0 → `{address}`. */
export async function walletCreate(ctx: FrameContext, data: RequestData): Promise<{ address: string }> {
  const address = await createEntropy(ctx, accessToken(data), 'ethereum', recoveryChoice(data));
  return { address };
}
