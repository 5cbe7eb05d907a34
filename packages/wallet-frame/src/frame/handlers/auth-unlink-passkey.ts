import { passkeyApi } from '@latchkey/protocol';
import type { FrameContext } from '../frame-context.ts';
import { accessToken, type RequestData } from '../request-data.ts';
import { invalid, optionalFlag } from './mfa-enrollment.ts';

/**
 * `privy:auth:unlink-passkey` → `{}`: unlinks one of the user's passkeys (and, with `removeAsMfa`, the
 * factor it is): through the frame because removing a factor needs the MFA token the frame holds.
 */
export async function authUnlinkPasskey(
  ctx: FrameContext,
  data: RequestData,
): Promise<Record<string, never>> {
  const token = accessToken(data);
  const credentialId = data.credentialId;
  if (typeof credentialId !== 'string' || !/^[A-Za-z0-9_-]{1,1024}$/.test(credentialId))
    throw invalid('Invalid credentialId');
  const removeAsMfa = optionalFlag(data.removeAsMfa, 'removeAsMfa');
  await ctx.api.userCall(passkeyApi.passkeyUnlink, token, {
    credential_id: credentialId,
    ...(removeAsMfa === undefined ? {} : { remove_as_mfa: removeAsMfa }),
  });
  return {};
}
