import { type AppResponse, appApi, sessionApi, type User } from '@latchkey/protocol';
import { assertLoggedIn, type FlowContext } from './context.ts';

/**
 * The app's public configuration (`GET /api/v1/apps/:app_id`).
 *
 * @example
 * const app = await fetchApp(ctx); // app.email_auth, app.sms_auth, ...
 */
export function fetchApp(ctx: Pick<FlowContext, 'appId' | 'http'>): Promise<AppResponse> {
  return ctx.http.call(appApi.app, undefined, { token: null, params: { app_id: ctx.appId } });
}

/**
 * Reloads the logged-in user and identity token (`GET /api/v1/users/me`).
 *
 * @example
 * const user = await getUser(ctx);
 */
export async function getUser(ctx: FlowContext): Promise<User> {
  assertLoggedIn(ctx);
  const me = await ctx.http.call(sessionApi.me, undefined);
  await ctx.session.updateUser(me.user, me.identity_token);
  return me.user;
}

/**
 * Records that the user accepted the app's terms (`POST /api/v1/users/me/accept_terms`).
 *
 * @example
 * const user = await acceptTerms(ctx); // user.has_accepted_terms === true
 */
export async function acceptTerms(ctx: FlowContext): Promise<User> {
  assertLoggedIn(ctx);
  const user = await ctx.http.call(sessionApi.acceptTerms, {});
  await ctx.session.updateUser(user);
  return user;
}
