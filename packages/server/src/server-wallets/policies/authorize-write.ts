import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http/env.ts';

/*
 * The authorization-signature check of a policy, condition set or aggregation write (REFERENCES
 * §1.6: the owner signs every update and delete). The wallets part installs the real check with
 * `setResourceWriteAuthorizer`; every write handler here calls `authorizeResourceWrite` before it
 * changes anything.
 */

/**
 * Checks `privy-authorization-signature` against the resource's owner (null: none, the app secret
 * suffices) for this request and body; throws an ApiError to refuse. Returns who authorized the
 * write, for the audit log (`key_quorum:<id>`), or nothing for the app secret alone.
 */
export type ResourceWriteAuthorizer = (
  ctx: ServerContext,
  c: Context<AppEnv>,
  ownerId: string | null,
  body: unknown,
) => Promise<string | undefined>;

let authorizer: ResourceWriteAuthorizer = async () => undefined;

/** Installs the signature check (the wallets part, at start-up). */
export function setResourceWriteAuthorizer(check: ResourceWriteAuthorizer): void {
  authorizer = check;
}

/** Runs the installed check; the actor for the audit log (`app_secret` when no key signed). */
export async function authorizeResourceWrite(
  ctx: ServerContext,
  c: Context<AppEnv>,
  ownerId: string | null,
  body: unknown,
): Promise<string> {
  return (await authorizer(ctx, c, ownerId, body)) ?? 'app_secret';
}
