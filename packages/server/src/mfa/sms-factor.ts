import { recordMfaChange } from '../accounts/mfa-methods.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { normalisePhone } from '../codes/phone-number.ts';
import { sendCode } from '../codes/send-code.ts';
import { consumeCode } from '../codes/verification-codes.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { isUniqueViolation } from '../storage/db.ts';
import { alreadyEnrolled, assertMethodEnabled, hasFactor, requireFactor } from './factors.ts';

/**
 * An SMS factor: a phone number proved with a code (the verification-code machinery of `codes/`,
 * channel `mfa_sms`). A code is keyed by the user and the number, so it serves that user only, and
 * an MFA code never logs anyone in (nor a login code passes as MFA). Guesses are capped per key
 * (5 per 10 minutes, codes/verification-codes.ts), sends per key and per IP.
 */
const codeKey = (userId: string, e164: string) => `${userId}:${e164}`;

/** `/mfa/passwordless_sms/init {action:'enroll', phoneNumber}`: a code to the number being enrolled. */
export async function sendEnrollmentCode(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  phoneNumber: string,
  ip: string,
): Promise<void> {
  assertMethodEnabled(app, 'sms');
  const number = normalisePhone(phoneNumber);
  if (await hasFactor(ctx, app, userId, 'sms')) throw alreadyEnrolled('sms');
  await sendCode(ctx, app, {
    channel: 'mfa_sms',
    identifier: codeKey(userId, number.e164),
    to: number.e164,
    via: 'sms',
    ip,
  });
}

/** `/mfa/passwordless_sms/init {action:'verify'}`: a code to the enrolled number. */
export async function sendVerificationCode(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  ip: string,
): Promise<void> {
  const factor = await requireFactor(ctx, app, userId, 'sms');
  const e164 = factor.phone_number!;
  await sendCode(ctx, app, {
    channel: 'mfa_sms',
    identifier: codeKey(userId, e164),
    to: e164,
    via: 'sms',
    ip,
  });
}

/** `/mfa/passwordless_sms/enroll`: the code sent to the number makes it the user's SMS factor. */
export async function enrollSms(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  phoneNumber: string,
  code: string,
): Promise<void> {
  assertMethodEnabled(app, 'sms');
  const number = normalisePhone(phoneNumber);
  if (await hasFactor(ctx, app, userId, 'sms')) throw alreadyEnrolled('sms');
  await consumeCode(ctx, app, 'mfa_sms', codeKey(userId, number.e164), code);
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('mfa_factors')
        .values({
          id: randomId(25),
          app_id: app.id,
          user_id: userId,
          type: 'sms',
          phone_number: number.e164,
          phone_display: number.display,
          totp_secret: null,
          totp_last_step: null,
          created_at: now,
          enrolled_at: now,
          expires_at: null,
        })
        .execute();
      await recordMfaChange(trx, app.id, userId, 'sms', true, now);
    });
  } catch (error) {
    // Two enrolments raced: the first one holds.
    if (isUniqueViolation(error)) throw alreadyEnrolled('sms');
    throw error;
  }
}

/** `/mfa/passwordless_sms/verify`: the code sent to the enrolled number. */
export async function verifySms(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  code: string,
): Promise<void> {
  const factor = await requireFactor(ctx, app, userId, 'sms');
  await consumeCode(ctx, app, 'mfa_sms', codeKey(userId, factor.phone_number!), code);
}
