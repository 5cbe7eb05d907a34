import { isEmbeddedWalletError } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';
import type { EntropyDetails } from './entropy.ts';
import { type FrameAuth, frameAuth } from './frameAuth.ts';
import { recoverEntropy } from './recoverEntropy.ts';

/**
 * Runs a frame call that needs the wallet on this device. Without the device share, a `privy`
 * wallet is recovered (no user input needed) and the call runs again; for other methods the
 * `wallet_not_on_device` error goes to the caller, who asks the user for their secret.
 */
export async function onDevice<T>(
  ctx: EmbeddedWalletsContext,
  entropy: EntropyDetails,
  run: (auth: FrameAuth) => Promise<T>,
): Promise<T> {
  try {
    return await run(await frameAuth(ctx));
  } catch (error) {
    if (!isEmbeddedWalletError(error, 'wallet_not_on_device') || entropy.recoveryMethod !== 'privy')
      throw error;
    await recoverEntropy(ctx, entropy, undefined);
    return run(await frameAuth(ctx));
  }
}
