// Not in the keys index (whose API is fixed); the frame wants the native PBKDF2 for its per-signature seed.
import { seedFromEntropyAsync } from '../keys/entropy.ts';
import { combineShares, primaryAddress } from '../keys/index.ts';
import type { HeldAuthShare } from './auth-shares.ts';
import { decodeDeviceShare } from './device-share.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';
import { type EntropyRef, sameAddress } from './request-data.ts';
import { wipe } from './wipe.ts';

/** The rebuilt secret, valid only while `use` runs: it is zeroed as soon as `use` settles. */
export interface Entropy {
  entropy: Uint8Array;
  seed: Uint8Array;
}

export interface EntropyOptions {
  /**
   * Ask the server for the auth share even when the page holds one for this token: `connect` (the
   * "is this wallet usable on this device" check) and export do, so a recovery made on another device
   * is noticed there.
   */
  fresh?: boolean;
}

/**
 * Rebuilds the entropy from this device's share and the auth share, checks that it is the entropy the
 * request names, runs `use`, then wipes every secret byte. The auth share comes from the page's cache
 * when the server released it to this same token (see AuthShareCache), else from the server. A device
 * share from before a recovery elsewhere combines to a different secret: it is deleted and the caller
 * hears `wallet_not_on_device`, which sends the user through recovery.
 */
export async function withEntropy<T>(
  ctx: FrameContext,
  accessToken: string,
  ref: EntropyRef,
  use: (secret: Entropy) => T | Promise<T>,
  options: EntropyOptions = {},
): Promise<T> {
  const stored = ctx.deviceShares.read(ref.entropyId);
  const deviceShare = decodeDeviceShare(stored);
  if (!stored || !deviceShare) throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  let held: HeldAuthShare | null = options.fresh ? null : ctx.authShares.cached(accessToken, ref.entropyId);
  let secret: Entropy | null = null;
  try {
    if (held) secret = await rebuild(deviceShare, stored, held, ref);
    // Not held, or a held share that no longer matches this device's: the server has the current one.
    if (!secret) {
      held = await ctx.authShares.fetch(ctx.api, accessToken, ref.entropyId);
      secret = await rebuild(deviceShare, stored, held, ref);
    }
    if (!secret) throw staleDeviceShare(ctx, ref);
    return await use(secret);
  } finally {
    wipe(deviceShare, secret?.entropy, secret?.seed);
    ctx.authShares.release(held);
  }
}

/**
 * The entropy and seed of two shares, or null when they do not rebuild the entropy `ref` names. A pair
 * that passed this check before is not derived again: the same shares always give the same entropy.
 */
async function rebuild(
  deviceShare: Uint8Array,
  stored: string,
  held: HeldAuthShare,
  ref: EntropyRef,
): Promise<Entropy | null> {
  let entropy: Uint8Array;
  try {
    entropy = await combineShares(deviceShare, held.share);
  } catch {
    // Shares of two different splits can be refused outright (same share index) instead of combining
    // to garbage; both mean the pair does not belong together.
    return null;
  }
  const seed = await seedFromEntropyAsync(entropy);
  if (held.verifiedDeviceShare !== stored) {
    if (!sameAddress(ref.primaryChain, primaryAddress(seed, ref.primaryChain), ref.entropyId)) {
      wipe(entropy, seed);
      return null;
    }
    held.verifiedDeviceShare = stored;
  }
  return { entropy, seed };
}

function staleDeviceShare(ctx: FrameContext, ref: EntropyRef): FrameError {
  ctx.deviceShares.deleteStale(ref.entropyId);
  return new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
}
