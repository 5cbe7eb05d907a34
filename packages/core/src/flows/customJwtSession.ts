import { customJwtApi, type User } from '@latchkey/protocol';
import { completeLogin, type FlowContext, noBearer } from './context.ts';

// The client's own custom-auth sync, in its first load: apart from customJwt.ts, whose other flows
// (the hooks' sync and link) load on first use.

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
