import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/** A request as the policy engine evaluates it (policies/). */
export interface PolicyRequest {
  method: string;
  chainType: 'ethereum' | 'solana';
  walletAddress: string;
  caip2?: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** An allowed request's hold on its rolling-window limits: given back when the request fails. */
export interface PolicyGrant {
  release(): Promise<void>;
}

/**
 * The policies that govern a request allow it, or `policy_violation`. A wallet without a policy is
 * unrestricted. (The engine comes with policies/; until then no wallet can have a policy.)
 */
export async function checkPolicies(
  _ctx: ServerContext,
  _appId: string,
  policyIds: readonly string[],
  _request: PolicyRequest,
): Promise<PolicyGrant> {
  if (policyIds.length > 0) throw new ApiError('policy_violation', 'No policy engine on this server yet.');
  return { release: async () => {} };
}
