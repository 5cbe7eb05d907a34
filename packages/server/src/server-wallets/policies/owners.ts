import type { PolicyOwnerInput } from '@latchkey/protocol';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { boundedString } from '../../http/body.ts';
import { importAuthorizationKey } from '../authorization.ts';

/*
 * Who owns a policy, condition set or aggregation (REFERENCES §1.6): `owner_id` (a key quorum of the
 * app) or `owner` (`{user_id}` or `{public_key}`), not both. An `owner` becomes a one-member key
 * quorum through the resolver the wallets part installs (`setPolicyOwnerResolver`); until one is
 * installed the object is stored as given and `owner_id` reads null.
 */

/** The `owner` field's schema: a user id or a P-256 public key (base64 SPKI), null to remove. */
export const ownerInput = z
  .union([
    z.strictObject({ user_id: boundedString(128) }),
    z.strictObject({ public_key: boundedString(1024) }),
  ])
  .nullable()
  .optional();
export const ownerIdInput = boundedString(64).nullable().optional();

/** Makes (or finds) the key quorum an `owner` stands for, and returns its id. */
export type PolicyOwnerResolver = (
  ctx: ServerContext,
  appId: string,
  owner: PolicyOwnerInput,
) => Promise<string>;

let resolver: PolicyOwnerResolver | null = null;

/**
 * Installs the function that turns `owner: {user_id} | {public_key}` into a key quorum id (the
 * wallets part's implicit quorums, `key_quorums.implicit = 1`). Called once at start-up.
 */
export function setPolicyOwnerResolver(resolve: PolicyOwnerResolver | null): void {
  resolver = resolve;
}

/** The owner columns of a row. */
export interface OwnerColumns {
  owner_id: string | null;
  /** The `owner` object as JSON, kept while no resolver turns it into a quorum. */
  owner: string | null;
}

/**
 * The owner columns for a create or update body; undefined when it names no owner at all (an
 * update that leaves the owner as it is). Refuses both fields at once, an owner_id that is not one
 * of the app's key quorums, and a public key that is not P-256.
 */
export async function ownerColumns(
  ctx: ServerContext,
  appId: string,
  body: { owner?: PolicyOwnerInput | null | undefined; owner_id?: string | null | undefined },
): Promise<OwnerColumns | undefined> {
  const { owner, owner_id: ownerId } = body;
  if (owner && ownerId) throw new ApiError('invalid_data', 'Give owner or owner_id, not both.');
  if (ownerId) {
    const quorum = await ctx.db
      .selectFrom('key_quorums')
      .select('id')
      .where('app_id', '=', appId)
      .where('id', '=', ownerId)
      .executeTakeFirst();
    if (!quorum) throw new ApiError('invalid_data', 'owner_id is not a key quorum of this app.');
    return { owner_id: ownerId, owner: null };
  }
  if (owner) {
    if ('public_key' in owner && !importAuthorizationKey(owner.public_key))
      throw new ApiError('invalid_data', 'owner.public_key is not a P-256 public key (base64 SPKI).');
    if (resolver) return { owner_id: await resolver(ctx, appId, owner), owner: null };
    // TODO(issue 27, lead): setPolicyOwnerResolver installs the implicit key quorum; until then the
    // owner is kept as given and owner_id reads null.
    return { owner_id: null, owner: JSON.stringify(owner) };
  }
  if (owner === null || ownerId === null) return { owner_id: null, owner: null };
  return undefined;
}
