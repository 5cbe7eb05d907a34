import { ApiError } from '../http/api-error.ts';
import type { AccountType } from './account-record.ts';
import type { UserRecord } from './user-record.ts';

export interface TypeLimit {
  /**
   * Types that allow several accounts per user (wallets) pass their cap here: a number, or null
   * for no cap. Left out, the rule is one account per type.
   */
  maxOfType?: number | null;
}

/**
 * Refuses a new account of `type` when the user already has as many as allowed: one per type
 * ('User already has an account of type {type} linked.'), or the type's cap.
 */
export function assertRoomForType(user: UserRecord, type: AccountType, limit: TypeLimit = {}): void {
  const ofType = user.accounts.filter((a) => a.type === type).length;
  const full =
    limit.maxOfType === undefined ? ofType > 0 : limit.maxOfType !== null && ofType >= limit.maxOfType;
  if (!full) return;
  throw new ApiError(
    'cannot_link_more_of_type',
    limit.maxOfType === undefined
      ? `User already has an account of type ${type} linked.`
      : `User already has the maximum number of accounts of type ${type} linked.`,
  );
}
