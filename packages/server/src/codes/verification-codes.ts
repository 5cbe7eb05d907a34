import { limits } from '@latchkey/protocol';
import type { AppRecord } from '../apps/app-record.ts';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual, hmacHex } from '../crypto/hash.ts';
import { randomDigits } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';

export type CodeChannel = 'email' | 'sms';

function codeHash(
  ctx: ServerContext,
  appId: string,
  channel: CodeChannel,
  identifier: string,
  code: string,
): string {
  return hmacHex(ctx.codeKey, `${appId}\n${channel}\n${identifier}\n${code}`);
}

/** True when the identifier is the app's fixed test account (enabled per app). */
export function isTestIdentifier(app: AppRecord, channel: CodeChannel, identifier: string): boolean {
  if (!app.settings.test_credentials_enabled) return false;
  return channel === 'email'
    ? identifier === app.settings.test_email
    : identifier === app.settings.test_phone_number;
}

/**
 * Issues a 6-digit code for an identifier, replacing any earlier one. Only an HMAC of the code is
 * stored; the caller delivers the plain code.
 */
export async function issueCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
): Promise<string> {
  const code = randomDigits(limits.verificationCodeLength);
  const now = ctx.now();
  const values = {
    code_hash: codeHash(ctx, app.id, channel, identifier, code),
    created_at: now,
    expires_at: now + limits.verificationCodeTtlSeconds,
    attempts: 0,
  };
  await ctx.db
    .insertInto('verification_codes')
    .values({ app_id: app.id, channel, identifier, ...values })
    .onConflict((oc) => oc.columns(['app_id', 'channel', 'identifier']).doUpdateSet(values))
    .execute();
  return code;
}

/** Drops the live code for an identifier (e.g. when delivery failed). */
export async function discardCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
): Promise<void> {
  await ctx.db
    .deleteFrom('verification_codes')
    .where('app_id', '=', app.id)
    .where('channel', '=', channel)
    .where('identifier', '=', identifier)
    .execute();
}

const invalidCode = () => new ApiError('invalid_credentials', 'Invalid or expired verification code.');

/**
 * Checks and consumes a code. Each guess is counted before it is compared, in one statement that
 * also checks the cap, so racing guesses cannot all read "fewer than 5 attempts" and all be
 * compared: at most five guesses are ever checked against a code. Single use: the matching row is
 * deleted in the same statement that checks it, so two concurrent right answers cannot both pass.
 * The fifth wrong guess burns the code. Expired codes never pass.
 */
export async function consumeCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
  code: string,
): Promise<void> {
  if (isTestIdentifier(app, channel, identifier)) {
    if (!constantTimeEqual(code, app.settings.test_otp_code)) throw invalidCode();
    return;
  }
  const reserved = await ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('app_id', '=', app.id)
    .where('channel', '=', channel)
    .where('identifier', '=', identifier)
    .where('attempts', '<', limits.verificationCodeMaxAttempts)
    .where('expires_at', '>', ctx.now())
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  if (!reserved) throw invalidCode();
  const hash = codeHash(ctx, app.id, channel, identifier, code);
  if (constantTimeEqual(hash, reserved.code_hash)) {
    const consumed = await ctx.db
      .deleteFrom('verification_codes')
      .where('app_id', '=', app.id)
      .where('channel', '=', channel)
      .where('identifier', '=', identifier)
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    if (Number(consumed.numDeletedRows) === 1) return;
    throw invalidCode();
  }
  if (reserved.attempts >= limits.verificationCodeMaxAttempts) {
    await ctx.db
      .deleteFrom('verification_codes')
      .where('app_id', '=', app.id)
      .where('channel', '=', channel)
      .where('identifier', '=', identifier)
      .where('code_hash', '=', reserved.code_hash)
      .execute();
  }
  throw invalidCode();
}
