import { type MfaMethodType, userIdPrefix } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { recordEvent } from '../outbox/record-event.ts';
import type { Database } from '../storage/schema.ts';

/** One factor a user has enrolled, as the wire lists it (`mfa_methods`, WIRE.md §4.1). */
export interface MfaMethodRecord {
  type: Extract<MfaMethodType, 'sms' | 'totp' | 'passkey'>;
  /** When it was enrolled (Unix seconds). */
  verifiedAt: number;
}

/** What a passkey account's details say about MFA (passkeys/passkey-accounts.ts keeps the rest). */
export interface PasskeyMfaDetails {
  enrolled_in_mfa?: boolean;
  /** When it became a factor. */
  mfa_enrolled_at?: number;
  /** `/mfa/passkeys/enrollment {remove_for_login}`: a factor only, no longer a way to log in. */
  login_disabled?: boolean;
}

/** True when a passkey account's details make it an MFA factor. */
export const isMfaPasskey = (details: Record<string, unknown>): boolean =>
  (details as PasskeyMfaDetails).enrolled_in_mfa === true;

/**
 * The user's enrolled factors, oldest first (the client preselects the first): the SMS and
 * authenticator-app factors (mfa_factors, enrolled ones only), and `passkey` once any of their
 * passkeys (`passkeyDetails`: the details of every passkey account the user has) is enrolled in
 * MFA, dated by the earliest of them.
 */
export async function loadMfaMethods(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  passkeyDetails?: Record<string, unknown>[],
): Promise<MfaMethodRecord[]> {
  const factors = await db
    .selectFrom('mfa_factors')
    .select(['type', 'enrolled_at'])
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('enrolled_at', 'is not', null)
    .execute();
  const passkeys =
    passkeyDetails ??
    (
      await db
        .selectFrom('linked_accounts')
        .select('details')
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .where('type', '=', 'passkey')
        .execute()
    ).map((row) => JSON.parse(row.details) as Record<string, unknown>);
  return mfaMethodsOf(
    factors.map((row) => ({ type: row.type as 'sms' | 'totp', verifiedAt: Number(row.enrolled_at) })),
    passkeys,
  );
}

/**
 * The enrolled factors from the user's enrolled `mfa_factors` rows and the details of their passkey
 * accounts (see `loadMfaMethods`), oldest first.
 */
export function mfaMethodsOf(
  factors: MfaMethodRecord[],
  passkeyDetails: Record<string, unknown>[],
): MfaMethodRecord[] {
  const methods = [...factors];
  const passkeyTimes = passkeyDetails
    .filter(isMfaPasskey)
    .map((details) => Number((details as PasskeyMfaDetails).mfa_enrolled_at ?? 0));
  if (passkeyTimes.length > 0) methods.push({ type: 'passkey', verifiedAt: Math.min(...passkeyTimes) });
  const order = ['sms', 'totp', 'passkey'];
  return methods.sort((a, b) => a.verifiedAt - b.verifiedAt || order.indexOf(a.type) - order.indexOf(b.type));
}

/**
 * Records `mfa.enabled` or `mfa.disabled` (spec document 1 §3, webhook events) for one factor type
 * of a user: in the transaction of the change, like the other user events.
 */
export async function recordMfaChange(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  method: MfaMethodRecord['type'],
  enabled: boolean,
  now: number,
): Promise<void> {
  await recordEvent(
    db,
    appId,
    enabled ? 'mfa.enabled' : 'mfa.disabled',
    { user_id: `${userIdPrefix}${userId}`, method },
    now,
  );
}
