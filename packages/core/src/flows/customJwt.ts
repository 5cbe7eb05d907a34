import { customJwtApi, type User } from '@latchkey/protocol';
import { decodeJwtPayload } from '../jwt.ts';
import {
  assertLoggedIn,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';
import type { GetCustomAccessToken } from './customJwtSession.ts';

export { type GetCustomAccessToken, syncCustomJwt } from './customJwtSession.ts';

/**
 * The incumbent's `useSyncJwtBasedAuthState` sync: like `syncCustomJwt`, and a session of another
 * user of the app's auth (its token's `sub` is not the session's `custom_user_id`) is logged out
 * before logging in. Resolves null when the app has no token (logged out), else the user and
 * whether this sync created it (false when the session was already this user's).
 *
 * @example
 * const result = await syncExternalJwt(ctx, () => myAuth.getToken());
 * if (result?.isNewUser) console.log('welcome', result.user.id);
 */
export async function syncExternalJwt(
  ctx: FlowContext,
  getExternalJwt: GetCustomAccessToken,
): Promise<LoginResult | null> {
  const token = await getExternalJwt();
  if (!token) {
    if (ctx.session.user || ctx.session.tokens.refreshToken) await ctx.session.logout();
    return null;
  }
  const current = ctx.session.user?.linked_accounts.find((a) => a.type === 'custom_auth');
  const subject = decodeJwtPayload(token)?.sub;
  if (
    current &&
    'custom_user_id' in current &&
    typeof subject === 'string' &&
    subject !== current.custom_user_id
  )
    await ctx.session.logout();
  if (ctx.session.user) return { user: ctx.session.user, isNewUser: false };
  const response = await ctx.http.call(customJwtApi.customJwtAuthenticate, { token }, noBearer);
  return completeLogin(ctx, response);
}

/**
 * Links the account of the app's own auth system that a JWT names to the logged-in user
 * (`POST /api/v1/custom_jwt_account/link`; the incumbent's `useLinkJwtAccount`). Refused while logged
 * out (`must_be_authenticated`), and for an account another user has (`linked_to_another_user`).
 *
 * @example
 * const user = await linkCustomJwt(ctx, { token: await myAuth.getToken() });
 */
export async function linkCustomJwt(ctx: FlowContext, { token }: { token: string }): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(customJwtApi.customJwtLink, { token }));
}
