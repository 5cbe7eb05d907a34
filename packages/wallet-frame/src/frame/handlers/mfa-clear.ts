import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import type { RequestData } from '../request-data.ts';

/**
 * `privy:mfa:clear` → `{}`: drops the MFA token (a logout, or an app that wants the next operation
 * verified afresh). It carries the user's id and no access token (WIRE.md §6); the page holds one
 * token at most, so any user's clear drops it: a stray clear costs a code, never access.
 */
export async function mfaClear(ctx: FrameContext, data: RequestData): Promise<Record<string, never>> {
  const { userId } = data;
  if (userId !== undefined && userId !== null && (typeof userId !== 'string' || userId.length > 200))
    throw new FrameError('invalid_request_arguments', 'Invalid userId');
  ctx.api.mfaToken.drop();
  return {};
}
