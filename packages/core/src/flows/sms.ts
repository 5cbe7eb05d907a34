import { type LoginMode, smsApi, type User } from '@latchkey/protocol';
import { normaliseCode, normalisePhoneNumber } from '../validation.ts';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';

export interface SendSmsCodeParameters {
  /** International form preferred (`+1 555 555 0100`); numbers without a country code are read as US. */
  phoneNumber: string;
  captchaToken?: string | undefined;
}

export interface LoginWithSmsCodeParameters {
  phoneNumber: string;
  code: string;
  mode?: LoginMode | undefined;
}

export interface UpdatePhoneParameters {
  oldPhoneNumber: string;
  newPhoneNumber: string;
  code: string;
}

/**
 * Sends a one-time code by SMS, or WhatsApp when the app enables it
 * (`POST /api/v1/passwordless_sms/init`).
 *
 * @example
 * await sendSmsCode(ctx, { phoneNumber: '+1 555 555 0100' });
 */
export async function sendSmsCode(ctx: FlowContext, params: SendSmsCodeParameters): Promise<void> {
  const phoneNumber = normalisePhoneNumber(params.phoneNumber);
  await ctx.http.call(smsApi.smsInit, { phoneNumber, token: params.captchaToken }, noBearer);
}

/**
 * Logs in with a texted code (`POST /api/v1/passwordless_sms/authenticate`). Refused while logged in.
 *
 * @example
 * const { user } = await loginWithSmsCode(ctx, { phoneNumber: '+1 555 555 0100', code: '123456' });
 */
export async function loginWithSmsCode(
  ctx: FlowContext,
  params: LoginWithSmsCodeParameters,
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = {
    phoneNumber: normalisePhoneNumber(params.phoneNumber),
    code: normaliseCode(params.code),
    mode: params.mode,
  };
  return completeLogin(ctx, await ctx.http.call(smsApi.smsAuthenticate, body, noBearer));
}

/**
 * Links a phone number to the logged-in user (`POST /api/v1/passwordless_sms/link`).
 *
 * @example
 * const user = await linkSmsWithCode(ctx, { phoneNumber: '+1 555 555 0100', code: '123456' });
 */
export async function linkSmsWithCode(
  ctx: FlowContext,
  params: Omit<LoginWithSmsCodeParameters, 'mode'>,
): Promise<User> {
  assertLoggedIn(ctx);
  const body = { phoneNumber: normalisePhoneNumber(params.phoneNumber), code: normaliseCode(params.code) };
  return completeAccountChange(ctx, await ctx.http.call(smsApi.smsLink, body));
}

/**
 * Replaces the user's phone number; the code was sent to the new one. The wire body is
 * snake_case here, unlike the other SMS calls (WIRE.md §3.2).
 *
 * @example
 * const user = await updatePhone(ctx, { oldPhoneNumber: '+15555550100', newPhoneNumber: '+15555550199', code: '123456' });
 */
export async function updatePhone(ctx: FlowContext, params: UpdatePhoneParameters): Promise<User> {
  assertLoggedIn(ctx);
  const body = {
    old_phone_number: normalisePhoneNumber(params.oldPhoneNumber),
    new_phone_number: normalisePhoneNumber(params.newPhoneNumber),
    code: normaliseCode(params.code),
  };
  return completeAccountChange(ctx, await ctx.http.call(smsApi.smsUpdate, body));
}

/**
 * Unlinks a phone number from the user (`POST /api/v1/passwordless_sms/unlink`).
 *
 * @example
 * const user = await unlinkPhone(ctx, { phoneNumber: '+1 555 555 0100' });
 */
export async function unlinkPhone(ctx: FlowContext, params: { phoneNumber: string }): Promise<User> {
  assertLoggedIn(ctx);
  const body = { phoneNumber: normalisePhoneNumber(params.phoneNumber) };
  return completeAccountChange(ctx, await ctx.http.call(smsApi.smsUnlink, body));
}
