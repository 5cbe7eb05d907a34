import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http/env.ts';
import { authorizeRequest } from '../authorize.ts';

/*
 * The authorization-signature check of a policy, condition set or aggregation write (REFERENCES
 * §1.6: the owner signs every update and delete). Every write handler here calls
 * `authorizeResourceWrite` before it changes anything.
 */

/**
 * Checks `privy-authorization-signature` against the resource's owner (a key quorum id; null: none,
 * the app secret suffices) for this exact request; throws `invalid_credentials` (401) to refuse.
 * Returns who authorized the write, for the audit log: `key_quorum:<id>`, or `app_secret`.
 */
export async function authorizeResourceWrite(
  ctx: ServerContext,
  c: Context<AppEnv>,
  ownerId: string | null,
  _body: unknown,
): Promise<string> {
  const authorized = await authorizeRequest(ctx, c, { appId: c.get('app').id, ownerId, policyIds: [] });
  return authorized.by === 'owner' && ownerId ? `key_quorum:${ownerId}` : 'app_secret';
}
