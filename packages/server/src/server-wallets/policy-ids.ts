import { serverWalletLimits } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

/**
 * `policy_ids` (and a signer's `override_policy_ids`): at most one policy (spec document 2 §5), which
 * must be a policy of the app.
 */
export async function checkPolicyIds(
  _db: Kysely<Database>,
  _appId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length > serverWalletLimits.maxPolicyIds)
    throw new ApiError('invalid_data', `${field}: at most ${serverWalletLimits.maxPolicyIds} policy id`);
  // The policies' table comes with the policy engine (policies/): until then no id names a policy.
  if (ids.length > 0) throw new ApiError('invalid_data', `${field}: no such policy in this app`);
}
