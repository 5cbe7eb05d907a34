import type { FrameContext } from '../frame-context.ts';
import { accessToken, type RequestData } from '../request-data.ts';
import { mfaCredential } from './mfa-fields.ts';

/**
 * Before any operation: a request that carries the MFA fields (WIRE.md §6) has its code verified with
 * the server first, and the token it gets is held for this and later requests. A code the server
 * refuses fails the request with `missing_or_invalid_mfa` before anything else is done.
 */
export async function verifyRequestMfa(ctx: FrameContext, data: RequestData): Promise<void> {
  const credential = mfaCredential(data);
  if (credential) await ctx.api.verifyMfa(accessToken(data), credential);
}
