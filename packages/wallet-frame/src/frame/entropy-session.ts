import { combineShares, primaryAddress, seedFromEntropyAsync } from '@latchkey/keys';
import { decodeDeviceShare } from './device-share.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';
import { HdSecret } from './hd-secret.ts';
import { type EntropyRef, sameAddress } from './request-data.ts';
import { wipe } from './wipe.ts';
import { type AuthShareOptions, withAuthShare } from './with-auth-share.ts';

/**
 * The rebuilt secret, valid only while `use` runs: `use` must not keep it, its bytes or its keys (they
 * are zeroed when the operation ends, or later by the key cache), and must not wipe them itself.
 */
export type Entropy = HdSecret;

export type EntropyOptions = AuthShareOptions;

/**
 * Rebuilds the entropy from this device's share and the auth share, checks that it is the entropy the
 * request names, runs `use`, then wipes every secret byte, or keeps the secret in the key cache for the
 * next operation (see withAuthShare for where the auth share comes from and what `use` may do, and
 * key-cache.ts for how long a kept secret lives). A `fresh` operation neither uses nor fills the cache:
 * it exists to combine this device's share with the server's current one. A device share from before a
 * recovery elsewhere combines to a different secret: it is deleted and the caller hears
 * `wallet_not_on_device`, which sends the user through recovery.
 */
export async function withEntropy<T>(
  ctx: FrameContext,
  accessToken: string | null,
  ref: EntropyRef,
  use: (secret: Entropy) => T | Promise<T>,
  options: EntropyOptions = {},
): Promise<T> {
  const stored = ctx.deviceShares.read(ref.entropyId);
  const deviceShare = decodeDeviceShare(stored);
  if (!stored || !deviceShare) throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  const keys = ctx.authShares.keys;
  try {
    return await withAuthShare(
      ctx,
      accessToken,
      ref.entropyId,
      {
        rebuild: async (held) => {
          if (options.fresh) return rebuild(ctx, deviceShare, stored, held, ref);
          const kept = keys.get(ref.entropyId, held, stored);
          if (kept) return kept;
          const secret = await rebuild(ctx, deviceShare, stored, held, ref);
          if (secret) keys.keep(ref.entropyId, held, stored, secret);
          return secret;
        },
        wipe: (secret) => {
          if (!keys.holds(secret)) secret.wipe();
        },
        dropStale: () => ctx.deviceShares.deleteStale(ref.entropyId),
      },
      use,
      options,
    );
  } finally {
    wipe(deviceShare);
  }
}

/**
 * The secret of two shares, or null when they do not rebuild the entropy `ref` names. A pair that
 * passed this check before is not derived again: the same shares always give the same entropy.
 */
async function rebuild(
  ctx: FrameContext,
  deviceShare: Uint8Array,
  stored: string,
  held: { share: Uint8Array; verifiedDeviceShare: string | null },
  ref: EntropyRef,
): Promise<HdSecret | null> {
  let entropy: Uint8Array;
  try {
    entropy = await combineShares(deviceShare, held.share);
  } catch {
    // Shares of two different splits can be refused outright (same share index) instead of combining
    // to garbage; both mean the pair does not belong together.
    return null;
  }
  ctx.authShares.keys.rebuilds += 1;
  const seed = await seedFromEntropyAsync(entropy);
  if (held.verifiedDeviceShare !== stored) {
    if (!sameAddress(ref.primaryChain, primaryAddress(seed, ref.primaryChain), ref.entropyId)) {
      wipe(entropy, seed);
      return null;
    }
    held.verifiedDeviceShare = stored;
  }
  return new HdSecret(entropy, seed);
}
