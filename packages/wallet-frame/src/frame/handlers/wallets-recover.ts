import { combineShares, primaryAddress, seedFromEntropyAsync } from '@latchkey/keys';
import { decodeShare } from '../auth-shares.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { isImportedKeyOf } from '../imported-key.ts';
import { reshareImportedKey } from '../imported-key-session.ts';
import { proveHdWallet } from '../key-proofs.ts';
import { openRecoveryShare, reshare } from '../recovery.ts';
import { accessToken, entropyRef, type RequestData, recoveryPassword, sameAddress } from '../request-data.ts';
import { wipe } from '../wipe.ts';

/**
 * `privy:wallets:recover` → `{entropyId}`: rebuilds the entropy from the auth share and the decrypted
 * recovery share, then re-splits it with the same recovery method (a fresh key, or a fresh salt for the
 * same password) so that this device holds a share of the only valid split. An imported wallet's shares
 * rebuild its 32-byte key, whose own address is the entropy id: that is kept as an imported key.
 */
export async function walletsRecover(ctx: FrameContext, data: RequestData): Promise<{ entropyId: string }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const opened = await openRecoveryShare(ctx, token, ref, () => recoveryPassword(data), 'recover');
  const { recoveryShare, choice } = opened;
  let authShare: Uint8Array | null = null;
  let entropy: Uint8Array | null = null;
  let seed: Uint8Array | null = null;
  try {
    authShare = decodeShare((await ctx.api.authShare(token, ref.entropyId)).share);
    entropy = await combineShares(authShare, recoveryShare);
    if (isImportedKeyOf(ref, entropy)) {
      await reshareImportedKey(ctx, token, ref.entropyId, entropy, choice, opened.verifier);
      return { entropyId: ref.entropyId };
    }
    seed = await seedFromEntropyAsync(entropy);
    if (!sameAddress(ref.primaryChain, primaryAddress(seed, ref.primaryChain), ref.entropyId))
      throw new FrameError('error', 'Unable to recover wallet');
    const primary = seed;
    await reshare(ctx, token, ref.entropyId, entropy, choice, {
      prove: (nonce) => proveHdWallet(primary, ref.primaryChain, 0, nonce),
      currentVerifier: opened.verifier,
    });
    return { entropyId: ref.entropyId };
  } finally {
    wipe(recoveryShare, authShare, entropy, seed);
  }
}
