import type { MfaTotpInitResponse } from '@latchkey/protocol';
import { Secret, TOTP } from 'otpauth';
import { recordMfaChange } from '../accounts/mfa-methods.ts';
import type { UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { checkWithinGuessCap } from '../codes/verification-codes.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import type { MfaFactorsTable } from '../storage/tables/mfa.ts';
import { alreadyEnrolled, assertMethodEnabled, hasFactor, requireFactor } from './factors.ts';

/**
 * An authenticator-app factor (RFC 6238 TOTP, with `otpauth`): SHA-1, 6 digits, 30-second steps,
 * what every authenticator app reads from the `otpauth://` URL. A code passes for the current step
 * or one either side (clock drift), and only for a step later than the last one accepted, so a code
 * seen once (over a shoulder, in a log) never passes again (RFC 6238 §5.2). The secret is sealed at
 * rest by the secret box, bound to its app and user.
 */
const period = 30;
const window = 1;
/** An enrolment started by `init` waits this long for its first code. */
const pendingTtlSeconds = 10 * 60;

/** The sealed secret is bound to its app and user: moved to another row, it does not open. */
const sealContext = (appId: string, userId: string) => `mfa-totp:${appId}:${userId}`;

function totp(secret: Secret, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret });
}

/** The step `code` is right for at `now` (seconds), within the window, or null. */
function matchingStep(secret: Uint8Array, code: string, now: number): number | null {
  const generator = totp(new Secret({ buffer: secret.slice().buffer }), '', '');
  const timestamp = now * 1000;
  const delta = generator.validate({ token: code, timestamp, window });
  return delta === null ? null : generator.counter({ timestamp }) + delta;
}

/** What the app's users see beside the code in their authenticator app: their email or number. */
function accountLabel(user: UserRecord): string {
  const contact = user.accounts.find((a) => a.type === 'email' || a.type === 'phone');
  if (!contact) return user.id;
  return contact.type === 'phone'
    ? String(contact.details.display ?? contact.identifier)
    : contact.identifier;
}

/**
 * `/mfa/totp/init`: a new secret (20 random bytes), kept sealed as the user's pending enrolment
 * (replacing any earlier pending one) until `enrollTotp` gets a code for it.
 */
export async function startTotp(
  ctx: ServerContext,
  app: AppRecord,
  user: UserRecord,
): Promise<MfaTotpInitResponse> {
  assertMethodEnabled(app, 'totp');
  if (await hasFactor(ctx, app, user.id, 'totp')) throw alreadyEnrolled('totp');
  const secret = new Secret({ size: 20 });
  const now = ctx.now();
  const pending = {
    totp_secret: ctx.secretBox.seal(secret.bytes, sealContext(app.id, user.id)),
    totp_last_step: null,
    created_at: now,
    expires_at: now + pendingTtlSeconds,
  };
  // One statement: a pending enrolment is replaced, an enrolled factor is left alone (no row back).
  const stored = await ctx.db
    .insertInto('mfa_factors')
    .values({
      id: randomId(25),
      app_id: app.id,
      user_id: user.id,
      type: 'totp',
      phone_number: null,
      phone_display: null,
      enrolled_at: null,
      ...pending,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet(pending).where('mfa_factors.enrolled_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  if (!stored) throw alreadyEnrolled('totp');
  return {
    totpSecret: secret.base32,
    totpAuthUrl: totp(secret, app.config.name, accountLabel(user)).toString(),
  };
}

const openSecret = (ctx: ServerContext, factor: MfaFactorsTable) =>
  ctx.secretBox.open(factor.totp_secret!, sealContext(factor.app_id, factor.user_id));

const invalidCode = () => new ApiError('invalid_credentials', 'Invalid or expired verification code.');

/**
 * `/mfa/totp/enroll`: the first code from the app proves it holds the secret; the pending
 * enrolment becomes the user's factor. Not guess-capped: whoever can enrol received the secret from
 * `init`, so a guess here learns nothing (verification is capped: `verifyTotp`).
 */
export async function enrollTotp(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  code: string,
): Promise<void> {
  assertMethodEnabled(app, 'totp');
  const now = ctx.now();
  const pending = await ctx.db
    .selectFrom('mfa_factors')
    .selectAll()
    .where('app_id', '=', app.id)
    .where('user_id', '=', userId)
    .where('type', '=', 'totp')
    .where('enrolled_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!pending)
    throw new ApiError(
      'invalid_credentials',
      'No authenticator app enrolment is in progress: start one with /mfa/totp/init.',
    );
  const step = matchingStep(openSecret(ctx, pending), code, now);
  if (step === null) throw invalidCode();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('mfa_factors')
      .set({ enrolled_at: now, expires_at: null, totp_last_step: step })
      .where('id', '=', pending.id)
      .where('enrolled_at', 'is', null)
      .executeTakeFirst();
    // Two enrolments with the one pending secret raced: the first one holds.
    if (Number(result.numUpdatedRows) !== 1) throw alreadyEnrolled('totp');
    await recordMfaChange(trx, app.id, userId, 'totp', true, now);
  });
}

/**
 * `/mfa/totp/verify`: a code of the enrolled secret, within the user's guess cap (5 wrong codes per
 * 10 minutes, codes/verification-codes.ts). The accepted step is stored by compare-and-swap inside
 * the capped transaction: of two racing uses of one code exactly one passes.
 */
export async function verifyTotp(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  code: string,
): Promise<void> {
  const factor = await requireFactor(ctx, app, userId, 'totp');
  const secret = openSecret(ctx, factor);
  await checkWithinGuessCap(ctx, app, 'mfa_totp', userId, async (trx, now) => {
    const step = matchingStep(secret, code, now);
    if (step === null) return false;
    const result = await trx
      .updateTable('mfa_factors')
      .set({ totp_last_step: step })
      .where('id', '=', factor.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  secret.fill(0);
}
