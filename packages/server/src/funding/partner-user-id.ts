import { createHmac } from 'node:crypto';
import type { ServerContext } from '../context.ts';

/**
 * Who Coinbase knows a user as (`partnerUserId`, at most 49 characters): stable for the user in the
 * app, so the status API finds their purchases, but not their user id: Coinbase learns no id it
 * could match with another app's or with our API, and cannot derive it (an HMAC with the server's
 * code key, bound to the app).
 */
export function partnerUserIdOf(ctx: Pick<ServerContext, 'codeKey'>, appId: string, userId: string): string {
  return createHmac('sha256', ctx.codeKey)
    .update(`coinbase-partner-user:${appId}:${userId}`)
    .digest()
    .subarray(0, 16)
    .toString('hex');
}
