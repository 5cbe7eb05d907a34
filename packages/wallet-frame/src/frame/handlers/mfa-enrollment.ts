import { type FrameResponseOf, mfaApi } from '@latchkey/protocol';
import type { FrameContext } from '../frame-context.ts';
import { FrameError, frameMessages } from '../frame-error.ts';
import { accessToken, type RequestData } from '../request-data.ts';

export function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

/** `phoneNumber` as the host sends it (the server parses and checks it). */
function phoneNumber(data: RequestData): string {
  const value = data.phoneNumber;
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 64)
    throw invalid('Invalid phoneNumber');
  return value;
}

/** The 6-digit code of an enrolment, spaces stripped (the server checks it). */
function code(data: RequestData): string {
  const value = typeof data.code === 'string' ? data.code.replace(/\s+/g, '') : '';
  if (!/^\d{6}$/.test(value)) throw invalid('Invalid code');
  return value;
}

/** `credentialIds`: base64url credential ids of the user's passkeys, at most a handful. */
function credentialIds(data: RequestData): string[] {
  const ids = data.credentialIds;
  if (
    !Array.isArray(ids) ||
    ids.length > 20 ||
    !ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(id))
  )
    throw invalid('Invalid credentialIds');
  return ids as string[];
}

export function optionalFlag(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(`Invalid ${name}`);
  return value;
}

/**
 * `privy:mfa:init-enrollment`: `sms` has the server text an enrolment code to `phoneNumber`; `totp`
 * answers a new secret and its `otpauth://` URL for the QR code (the secret is the user's to see). The
 * frame makes these calls, with its MFA token, because adding a factor once the user has one needs it.
 */
export async function mfaInitEnrollment(
  ctx: FrameContext,
  data: RequestData,
): Promise<FrameResponseOf<'privy:mfa:init-enrollment'>> {
  const token = accessToken(data);
  if (data.method === 'sms') {
    await ctx.api.userCall(mfaApi.mfaSmsInit, token, { action: 'enroll', phoneNumber: phoneNumber(data) });
    return { method: 'sms' };
  }
  if (data.method === 'totp') {
    const reply = await ctx.api.userCall(mfaApi.mfaTotpInit, token, {});
    if (typeof reply.totpSecret !== 'string' || typeof reply.totpAuthUrl !== 'string')
      throw new FrameError('error', 'Unexpected server reply.');
    return { method: 'totp', secret: reply.totpSecret, authUrl: reply.totpAuthUrl };
  }
  throw invalid('Invalid method');
}

/**
 * `privy:mfa:submit-enrollment` → `{}`: the code that proves the new factor (sms: the texted code for
 * `phoneNumber`; totp: the app's current code), or, for passkeys, the list of the user's passkeys that
 * verify from now on.
 */
export async function mfaSubmitEnrollment(
  ctx: FrameContext,
  data: RequestData,
): Promise<Record<string, never>> {
  try {
    return await submitEnrollment(ctx, data);
  } catch (error) {
    // A code the server does not take is the request's fault, not a failure: the user types it again.
    if (error instanceof FrameError && error.code === 'invalid_credentials')
      throw invalid(frameMessages.invalidEnrollmentCode);
    throw error;
  }
}

async function submitEnrollment(ctx: FrameContext, data: RequestData): Promise<Record<string, never>> {
  const token = accessToken(data);
  if (data.method === 'sms')
    await ctx.api.userCall(mfaApi.mfaSmsEnroll, token, { phoneNumber: phoneNumber(data), code: code(data) });
  else if (data.method === 'totp') await ctx.api.userCall(mfaApi.mfaTotpEnroll, token, { code: code(data) });
  else if (data.method === 'passkey') {
    const removeForLogin = optionalFlag(data.removeForLogin, 'removeForLogin');
    await ctx.api.userCall(mfaApi.mfaPasskeyEnrollment, token, {
      credential_ids: credentialIds(data),
      ...(removeForLogin === undefined ? {} : { remove_for_login: removeForLogin }),
    });
  } else throw invalid('Invalid method');
  return {};
}

/**
 * `privy:mfa:unenroll` → `{}`: removes a factor (with the MFA token: removing one needs it). Passkeys
 * stop being a factor as a whole (an empty enrolment list); `removeForLogin` unlinks them as well.
 */
export async function mfaUnenroll(ctx: FrameContext, data: RequestData): Promise<Record<string, never>> {
  const token = accessToken(data);
  if (data.method === 'sms') await ctx.api.userCall(mfaApi.mfaSmsUnenroll, token, {});
  else if (data.method === 'totp') await ctx.api.userCall(mfaApi.mfaTotpUnenroll, token, {});
  else if (data.method === 'passkey') {
    const removeForLogin = optionalFlag(data.removeForLogin, 'removeForLogin');
    await ctx.api.userCall(mfaApi.mfaPasskeyEnrollment, token, {
      credential_ids: [],
      ...(removeForLogin === undefined ? {} : { remove_for_login: removeForLogin }),
    });
  } else throw invalid('Invalid method');
  return {};
}
