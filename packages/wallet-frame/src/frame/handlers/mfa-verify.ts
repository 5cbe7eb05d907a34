import type { FrameContext } from '../frame-context.ts';
import type { RequestData } from '../request-data.ts';

/**
 * `privy:mfa:verify` → `{}`: the code in the request's MFA fields was verified before this runs (see
 * `verifyRequestMfa`), so all that is left is to say whether this page may act. It may when it holds
 * an MFA token, and when the user has no factor at all: there is nothing to verify then, and the
 * incumbent's React SDK asks before every export, also for such users. The frame cannot tell on its
 * own, so it asks the server's MFA gate (the session check, which passes a user without factors and
 * answers `missing_or_invalid_mfa` for one with factors and no token: the host then asks for a code).
 */
export async function mfaVerify(ctx: FrameContext, data: RequestData): Promise<Record<string, never>> {
  if (ctx.api.mfaToken.current() !== null) return {};
  await ctx.api.session(typeof data.accessToken === 'string' ? data.accessToken : null);
  return {};
}
