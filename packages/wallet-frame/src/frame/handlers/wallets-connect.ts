import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { accessToken, entropyRef, type RequestData } from '../request-data.ts';

/**
 * `privy:wallets:connect` → `{entropyId}` when this device can use the wallet. The shares are combined
 * and checked rather than only looked up, with the server's current auth share (never one the page
 * holds), so a device share made stale by a recovery elsewhere answers `wallet_not_on_device` here
 * instead of at the first signature.
 */
export async function walletsConnect(ctx: FrameContext, data: RequestData): Promise<{ entropyId: string }> {
  const ref = entropyRef(data);
  await withEntropy(ctx, accessToken(data), ref, () => undefined, { fresh: true });
  return { entropyId: ref.entropyId };
}
