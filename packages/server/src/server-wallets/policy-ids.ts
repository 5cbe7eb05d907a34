import { serverWalletLimits } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import { loadPolicies } from './policies/policy-store.ts';

/**
 * `policy_ids` (and a signer's `override_policy_ids`): at most one policy (spec document 2 §5), a
 * policy of the app, for the wallet's chain type (an Ethereum policy's rules mean nothing to a
 * Solana wallet).
 */
export async function checkPolicyIds(
  db: Kysely<Database>,
  appId: string,
  ids: readonly string[],
  field: string,
  chainType?: string,
): Promise<void> {
  if (ids.length > serverWalletLimits.maxPolicyIds)
    throw new ApiError('invalid_data', `${field}: at most ${serverWalletLimits.maxPolicyIds} policy id`);
  if (ids.length === 0) return;
  const policies = await loadPolicies(db, appId, ids);
  if (policies.length !== ids.length)
    throw new ApiError('invalid_data', `${field}: no such policy in this app`);
  if (chainType !== undefined && policies.some((policy) => policy.chain_type !== chainType))
    throw new ApiError('invalid_data', `${field}: the policy is for another chain type than the wallet`);
}
