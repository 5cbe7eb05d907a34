import { combineShares, fromBase64, primaryAddress, seedFromEntropy } from '../keys/index.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';
import { type EntropyRef, sameAddress } from './request-data.ts';
import { wipe } from './wipe.ts';

/** The rebuilt secret, valid only while `use` runs: it is zeroed as soon as `use` settles. */
export interface Entropy {
  entropy: Uint8Array;
  seed: Uint8Array;
}

/**
 * Rebuilds the entropy from this device's share and the auth share (fetched for this operation only),
 * checks that it is the entropy the request names, runs `use`, then wipes every secret byte. A device
 * share from before a recovery elsewhere combines to a different secret: it is deleted and the caller
 * hears `wallet_not_on_device`, which sends the user through recovery.
 */
export async function withEntropy<T>(
  ctx: FrameContext,
  accessToken: string,
  ref: EntropyRef,
  use: (secret: Entropy) => T | Promise<T>,
): Promise<T> {
  const deviceShare = ctx.deviceShares.load(ref.entropyId);
  if (!deviceShare) throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  let authShare: Uint8Array | null = null;
  let entropy: Uint8Array | null = null;
  let seed: Uint8Array | null = null;
  try {
    authShare = decodeShare(await ctx.api.authShare(accessToken, ref.entropyId));
    try {
      entropy = await combineShares(deviceShare, authShare);
      seed = seedFromEntropy(entropy);
    } catch {
      // Shares of two different splits can be refused outright (same share index) instead of
      // combining to garbage; both mean this device's share is stale.
      throw staleDeviceShare(ctx, ref);
    }
    if (!sameAddress(ref.primaryChain, primaryAddress(seed, ref.primaryChain), ref.entropyId))
      throw staleDeviceShare(ctx, ref);
    return await use({ entropy, seed });
  } finally {
    wipe(deviceShare, authShare, entropy, seed);
  }
}

function staleDeviceShare(ctx: FrameContext, ref: EntropyRef): FrameError {
  ctx.deviceShares.delete(ref.entropyId);
  return new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
}

/** A share from the server, decoded; a mangled one is the server's failure, not the request's. */
export function decodeShare(text: string): Uint8Array {
  try {
    return fromBase64(text);
  } catch {
    throw new FrameError('error', 'The server sent a malformed share');
  }
}
