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

/** Returns the app's own auth token for the current user, or null/undefined when nobody is logged in. */
export type GetCustomAccessToken = () => Promise<string | null | undefined> | string | null | undefined;

/**
 * Lines the Latchkey session up with the app's own auth system (the incumbent's custom-auth
 * mode): with a custom token and no session, logs in via `POST /api/v1/custom_jwt_account/authenticate`;
 * with no custom token, logs out. Returns the user afterwards.
 *
 * @example
 * const user = await syncCustomJwt(ctx, async () => (await myAuth.getSession())?.jwt);
 */
export async function syncCustomJwt(
  ctx: FlowContext,
  getCustomAccessToken: GetCustomAccessToken,
): Promise<User | null> {
  const token = await getCustomAccessToken();
  if (!token) {
    if (ctx.session.user || ctx.session.tokens.refreshToken) await ctx.session.logout();
    return null;
  }
  if (ctx.session.user) return ctx.session.user;
  const response = await ctx.http.call(customJwtApi.customJwtAuthenticate, { token }, noBearer);
  return (await completeLogin(ctx, response)).user;
}

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
