import type { FrameRequestOf } from '@latchkey/protocol';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import type { EntropyDetails } from './entropy.ts';
import { frameAuth } from './frameAuth.ts';

/**
 * Recovers `entropy` on this device (`privy:wallets:recover`), with the user's password when it has
 * one. Pinless recoveries of one entropy asked for at once (several signatures on a new device)
 * share one run; an imported wallet's is another entropy's.
 */
export function recoverEntropy(
  ctx: EmbeddedWalletsContext,
  entropy: EntropyDetails,
  password: string | undefined,
): Promise<{ entropyId: string }> {
  const run = async () => {
    const data: FrameRequestOf<'privy:wallets:recover'> = {
      ...(await frameAuth(ctx)),
      entropyId: entropy.entropyId,
      entropyIdVerifier: entropy.entropyIdVerifier,
    };
    if (password !== undefined) data.recoveryPassword = password;
    return frameCall(ctx, 'privy:wallets:recover', data);
  };
  if (password !== undefined) return run();
  let running = ctx.recovering.get(entropy.entropyId);
  if (!running) {
    running = run().finally(() => ctx.recovering.delete(entropy.entropyId));
    ctx.recovering.set(entropy.entropyId, running);
  }
  return running;
}
