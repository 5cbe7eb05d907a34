import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { type EntropyDetails, entropyAt, requireEntropy } from './entropy.ts';
import { onDevice } from './onDevice.ts';

/**
 * Loads the user's HD wallets (or, with `address`, that imported wallet) on this device
 * (`privy:wallets:connect`); a `privy` wallet without its device share is recovered by itself.
 */
export async function connectWallet(
  ctx: EmbeddedWalletsContext,
  options: { address?: string | undefined },
): Promise<{ entropyId: string }> {
  const entropy: EntropyDetails =
    options.address === undefined ? requireEntropy(ctx) : entropyAt(ctx, options.address);
  return onDevice(ctx, entropy, (auth) =>
    frameCall(ctx, 'privy:wallets:connect', {
      ...auth,
      entropyId: entropy.entropyId,
      entropyIdVerifier: entropy.entropyIdVerifier,
    }),
  );
}
