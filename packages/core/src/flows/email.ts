import { emailApi, type LoginMode, type User } from '@latchkey/protocol';
import { normaliseCode, normaliseEmail } from '../validation.ts';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';

export interface SendEmailCodeParameters {
  email: string;
  /** A captcha token, when the app enables captcha. */
  captchaToken?: string | undefined;
}

export interface LoginWithEmailCodeParameters {
  email: string;
  code: string;
  /** `no-signup` refuses unknown users. Default `login-or-sign-up`. */
  mode?: LoginMode | undefined;
}

export interface UpdateEmailParameters {
  oldAddress: string;
  newAddress: string;
  code: string;
}

/**
 * Sends a one-time code to an email address (`POST /api/v1/passwordless/init`).
 *
 * @example
 * await sendEmailCode(ctx, { email: 'alice@example.com' });
 */
export async function sendEmailCode(ctx: FlowContext, params: SendEmailCodeParameters): Promise<void> {
  const email = normaliseEmail(params.email);
  await ctx.http.call(emailApi.emailInit, { email, token: params.captchaToken }, noBearer);
}

/**
 * Logs in with an emailed code (`POST /api/v1/passwordless/authenticate`). Refused while logged in.
 *
 * @example
 * const { user, isNewUser } = await loginWithEmailCode(ctx, { email: 'alice@example.com', code: '123456' });
 */
export async function loginWithEmailCode(
  ctx: FlowContext,
  params: LoginWithEmailCodeParameters,
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { email: normaliseEmail(params.email), code: normaliseCode(params.code), mode: params.mode };
  return completeLogin(ctx, await ctx.http.call(emailApi.emailAuthenticate, body, noBearer));
}

/**
 * Links an email address to the logged-in user (`POST /api/v1/passwordless/link`).
 *
 * @example
 * const user = await linkEmailWithCode(ctx, { email: 'work@example.com', code: '123456' });
 */
export async function linkEmailWithCode(
  ctx: FlowContext,
  params: Omit<LoginWithEmailCodeParameters, 'mode'>,
): Promise<User> {
  assertLoggedIn(ctx);
  const body = { email: normaliseEmail(params.email), code: normaliseCode(params.code) };
  return completeAccountChange(ctx, await ctx.http.call(emailApi.emailLink, body));
}

/**
 * Replaces the user's email address; the code was sent to the new one
 * (`POST /api/v1/passwordless/update`).
 *
 * @example
 * const user = await updateEmail(ctx, { oldAddress: 'a@example.com', newAddress: 'b@example.com', code: '123456' });
 */
export async function updateEmail(ctx: FlowContext, params: UpdateEmailParameters): Promise<User> {
  assertLoggedIn(ctx);
  const body = {
    oldAddress: normaliseEmail(params.oldAddress),
    newAddress: normaliseEmail(params.newAddress),
    code: normaliseCode(params.code),
  };
  return completeAccountChange(ctx, await ctx.http.call(emailApi.emailUpdate, body));
}

/**
 * Unlinks an email address from the user (`POST /api/v1/passwordless/unlink`).
 *
 * @example
 * const user = await unlinkEmail(ctx, { address: 'work@example.com' });
 */
export async function unlinkEmail(ctx: FlowContext, params: { address: string }): Promise<User> {
  assertLoggedIn(ctx);
  const body = { address: normaliseEmail(params.address) };
  return completeAccountChange(ctx, await ctx.http.call(emailApi.emailUnlink, body));
}
