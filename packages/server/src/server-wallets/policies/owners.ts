import type { PolicyOwnerInput } from '@latchkey/protocol';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { boundedString } from '../../http/body.ts';
import { resolveOwner } from '../owners.ts';

/*
 * Who owns a policy, condition set or aggregation (REFERENCES §1.6): `owner_id` (a key quorum of the
 * app) or `owner` (`{user_id}` or `{public_key}`, which becomes a one-member key quorum), not both.
 * The wallets' own rule (../owners.ts `resolveOwner`) decides, so every resource reads owners alike.
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

/** The owner columns of a row. */
export interface OwnerColumns {
  owner_id: string | null;
  /** Unused since owners resolve to key quorums; kept for rows written before. */
  owner: string | null;
}

/**
 * The owner columns for a create or update body; undefined when it names no owner at all (an
 * update that leaves the owner as it is). Both fields at once, an `owner_id` that is not one of the
 * app's key quorums, or a key that is not P-256 are `invalid_data`.
 */
export async function ownerColumns(
  ctx: ServerContext,
  appId: string,
  body: { owner?: PolicyOwnerInput | null | undefined; owner_id?: string | null | undefined },
): Promise<OwnerColumns | undefined> {
  if (body.owner === undefined && body.owner_id === undefined) return undefined;
  const { ownerId } = await resolveOwner(ctx, appId, {
    ...(body.owner === undefined ? {} : { owner: body.owner }),
    ...(body.owner_id === undefined ? {} : { owner_id: body.owner_id }),
  });
  return { owner_id: ownerId, owner: null };
}

/**
 * A write of the dashboard's (`unownedOnly`) to an owned condition set or aggregation: refused, as
 * the owner's signature is the backend's to give. Store writes made with `unownedOnly` change only a
 * resource without an owner, so one owned since it was read is refused too.
 */
export const ownedResource = (what: 'condition set' | 'aggregation') =>
  new ApiError(
    'invalid_data',
    `This ${what} has an owner: it changes only with the owner's authorization signature, from the backend.`,
  );

/** A store write's options: the dashboard's change only a resource without an owner. */
export interface WriteScope {
  unownedOnly?: boolean;
}
