import type { FrameContext } from '../frame-context.ts';
import { accessToken, type RequestData } from '../request-data.ts';

/**
 * `privy:wallets:enroll-device` → `{}`: enrolls this device's key for the user, which the server
 * allows only within minutes of a login (docs/security.md). Latchkey's own event: its SDK sends it
 * right after a login of a user with embedded wallets, so the wallet works on this device however
 * long after the login it is first used. Any other frame request enrolls the device too, if needed.
 */
export async function walletsEnrollDevice(
  ctx: FrameContext,
  data: RequestData,
): Promise<Record<string, never>> {
  await ctx.api.enroll(accessToken(data));
  return {};
}
