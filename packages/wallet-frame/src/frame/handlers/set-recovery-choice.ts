import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { openRecoveryShare, type RecoveryChoice } from '../recovery.ts';
import {
  type EntropyRef,
  existingRecoveryPassword,
  type RequestData,
  recoveryChoice,
} from '../request-data.ts';
import { wipe } from '../wipe.ts';

/**
 * What a `set-recovery` request asks for, and the proof of the current password when the wallet has
 * one: the frame opens the current recovery share with `existingRecoveryPassword` (the server checks the
 * password's verifier before it releases it, and the share must decrypt), so a page that can message the
 * frame but does not know the password cannot downgrade the wallet or replace its password.
 */
export async function setRecoveryChoice(
  ctx: FrameContext,
  token: string | null,
  ref: EntropyRef,
  data: RequestData,
): Promise<{ choice: RecoveryChoice; currentVerifier: string | null }> {
  // Unlike create, there is no default here: changing the method must be asked for by name.
  if (data.recoveryMethod === undefined)
    throw new FrameError('invalid_request_arguments', 'Missing recoveryMethod');
  const choice = recoveryChoice(data);
  const current = await openRecoveryShare(ctx, token, ref, () => existingRecoveryPassword(data));
  wipe(current.recoveryShare);
  return { choice, currentVerifier: current.verifier };
}
