import type { FrameContext } from '../frame-context.ts';
import { FrameError, frameMessages } from '../frame-error.ts';

/**
 * `privy:mfa:verify` → `{}`: the code in the request's MFA fields was verified before this runs (see
 * `verifyRequestMfa`), so all that is left is to say whether this page now holds a token. Without MFA
 * fields and without a token, the host is told to ask for a code.
 */
export async function mfaVerify(ctx: FrameContext): Promise<Record<string, never>> {
  if (ctx.api.mfaToken.current() === null)
    throw new FrameError('missing_or_invalid_mfa', frameMessages.mfaRequired);
  return {};
}
