import type { MfaMethod } from '@latchkey/protocol';
import { recordMfaChange } from '../accounts/mfa-methods.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { MfaFactorsTable } from '../storage/tables/mfa.ts';

/** What the error texts call each factor. */
export const methodNames: Record<MfaMethod, string> = {
  sms: 'SMS',
  totp: 'An authenticator app',
  passkey: 'A passkey',
};

/**
 * The app's `mfa_methods` say which factors its users may enrol (spec document 1 §4); a factor
 * enrolled before the app dropped its method still verifies and can still be removed.
 */
export function assertMethodEnabled(app: AppRecord, method: MfaMethod): void {
  if (!app.config.mfa_methods.includes(method))
    throw new ApiError('feature_not_enabled', `${methodNames[method]} is not an MFA method of this app.`);
}

export const notEnrolled = (method: MfaMethod) =>
  new ApiError('linked_account_not_found', `${methodNames[method]} is not enrolled for MFA.`);

/** The user's enrolled SMS or authenticator-app factor, or `linked_account_not_found`. */
export async function requireFactor(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  type: 'sms' | 'totp',
): Promise<MfaFactorsTable> {
  const row = await ctx.db
    .selectFrom('mfa_factors')
    .selectAll()
    .where('app_id', '=', app.id)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('enrolled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) throw notEnrolled(type);
  return row;
}

/** True when the user has this factor enrolled. */
export async function hasFactor(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  type: 'sms' | 'totp',
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('mfa_factors')
    .select('id')
    .where('app_id', '=', app.id)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('enrolled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export const alreadyEnrolled = (method: MfaMethod) =>
  new ApiError('resource_already_exists', `${methodNames[method]} is already enrolled for MFA.`);

/** Removes the user's SMS or authenticator-app factor and records `mfa.disabled`, in one transaction. */
export async function removeFactor(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  type: 'sms' | 'totp',
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('mfa_factors')
      .where('app_id', '=', app.id)
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('enrolled_at', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notEnrolled(type);
    await recordMfaChange(trx, app.id, userId, type, false, ctx.now());
  });
}

/** The user after a change, for the routes that answer the User (WIRE.md §3.7 `enroll`). */
export async function reloadUser(ctx: ServerContext, app: AppRecord, userId: string): Promise<UserRecord> {
  const user = await loadUser(ctx.db, app.id, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
  return user;
}
