import { guestApi } from '@latchkey/protocol';
import { base64url, randomBytes } from '../random.ts';
import { storageKeys } from '../storage.ts';
import { assertLoggedOut, completeLogin, type FlowContext, type LoginResult, noBearer } from './context.ts';

/**
 * The device's guest credential: base64url of 32 random bytes under `privy:guest:{appId}`,
 * created once and reused, so the same browser comes back as the same guest.
 */
export async function getGuestCredential(ctx: Pick<FlowContext, 'appId' | 'storage'>): Promise<string> {
  const key = storageKeys.guestCredential(ctx.appId);
  const existing = await ctx.storage.get(key);
  if (existing) return existing;
  const credential = base64url(randomBytes(32));
  await ctx.storage.put(key, credential);
  return credential;
}

/**
 * Logs in as a guest (`POST /api/v1/guest/authenticate`). Refused while logged in.
 *
 * @example
 * const { user } = await loginAsGuest(ctx); // user.is_guest === true
 */
export async function loginAsGuest(ctx: FlowContext): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const guest_credential = await getGuestCredential(ctx);
  return completeLogin(ctx, await ctx.http.call(guestApi.guestAuthenticate, { guest_credential }, noBearer));
}
