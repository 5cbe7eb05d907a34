import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { proveHdWallet } from '../key-proofs.ts';
import { reshare } from '../recovery.ts';
import {
  accessToken,
  type EntropyIdVerifier,
  entropyRef,
  type FrameRecoveryMethod,
  type RequestData,
} from '../request-data.ts';
import { setRecoveryChoice } from './set-recovery-choice.ts';

/**
 * `privy:wallets:set-recovery`: moves the wallet to another recovery method (or a new password) by
 * re-splitting the entropy; the old recovery share stops opening anything useful. A password wallet
 * moves only with its current password (`existingRecoveryPassword`), and the server takes the new
 * split only with the entropy key's proof.
 */
export async function walletsSetRecovery(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ entropyId: string; entropyIdVerifier: EntropyIdVerifier; recoveryMethod: FrameRecoveryMethod }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const { choice, currentVerifier } = await setRecoveryChoice(ctx, token, ref, data);
  await withEntropy(
    ctx,
    token,
    ref,
    ({ entropy, seed }) =>
      reshare(ctx, token, ref.entropyId, entropy, choice, {
        prove: (nonce) => proveHdWallet(seed, ref.primaryChain, 0, nonce),
        currentVerifier,
      }),
    // The re-split uploads: it must run on a share the server released just now, not a held one.
    { fresh: true },
  );
  return { entropyId: ref.entropyId, entropyIdVerifier: ref.verifier, recoveryMethod: choice.method };
}
