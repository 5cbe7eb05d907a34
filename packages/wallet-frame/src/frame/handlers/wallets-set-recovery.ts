import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { reshare } from '../recovery.ts';
import {
  accessToken,
  type EntropyIdVerifier,
  entropyRef,
  type RecoveryMethod,
  type RequestData,
  recoveryChoice,
} from '../request-data.ts';

/**
 * `privy:wallets:set-recovery`: moves the wallet to another recovery method (or a new password) by
 * re-splitting the entropy; the old recovery share stops opening anything useful.
 */
export async function walletsSetRecovery(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ entropyId: string; entropyIdVerifier: EntropyIdVerifier; recoveryMethod: RecoveryMethod }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  // Unlike create, there is no default here: changing the method must be asked for by name.
  if (data.recoveryMethod === undefined)
    throw new FrameError('invalid_request_arguments', 'Missing recoveryMethod');
  const choice = recoveryChoice(data);
  await withEntropy(ctx, token, ref, ({ entropy }) => reshare(ctx, token, ref.entropyId, entropy, choice));
  return { entropyId: ref.entropyId, entropyIdVerifier: ref.verifier, recoveryMethod: choice.method };
}
