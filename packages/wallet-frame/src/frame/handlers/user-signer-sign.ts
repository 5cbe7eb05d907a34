import { signablePayload } from '../delegation/signer-payload.ts';
import { signAsUser } from '../delegation/user-signer.ts';
import type { FrameContext } from '../frame-context.ts';
import { accessToken, type RequestData } from '../request-data.ts';

/**
 * `privy:user-signer:sign` → `{signature}`: the user approves a change of their wallet's session
 * signers with the frame's own key for the session (registered on first use). Only that change is
 * signed (signablePayload); `requesterAppId` (cross-app) is not needed: the payload names the app.
 */
export async function userSignerSign(ctx: FrameContext, data: RequestData): Promise<{ signature: string }> {
  const token = accessToken(data);
  // Checked before any request: a refused payload costs no registration.
  const payload = signablePayload(ctx.config, data.message);
  return { signature: await signAsUser(ctx, token, payload) };
}
