import type { OwnerInput } from '@latchkey/protocol';
import { bareUserId } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import { createKeyQuorum, loadKeyQuorum } from './key-quorums.ts';

/** Who owns a resource after a create or update: the quorum id, and the user of an `owner: {user_id}`. */
export interface ResolvedOwner {
  ownerId: string | null;
  ownerUserId: string | null;
}

/**
 * A resource's owner as given (REFERENCES §1.6): `owner: {user_id}` or `{public_key}` makes a
 * one-member key quorum of it (threshold 1), `owner_id` names an existing quorum of the app, neither
 * (or null) means no owner: the app's secret alone controls the resource. Both at once is refused
 * (spec document 2 §5).
 */
export async function resolveOwner(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  input: { owner?: OwnerInput | null; owner_id?: string | null },
  db: Kysely<Database> = ctx.db,
): Promise<ResolvedOwner> {
  const { owner, owner_id: ownerId } = input;
  if (owner && ownerId) throw new ApiError('invalid_data', 'Give only one of owner or owner_id');
  if (ownerId) {
    await loadKeyQuorum(ctx, appId, ownerId, db).catch(() => {
      throw new ApiError('invalid_data', 'owner_id: no such key quorum in this app');
    });
    return { ownerId, ownerUserId: null };
  }
  if (!owner) return { ownerId: null, ownerUserId: null };
  if ('user_id' in owner) {
    const quorum = await createKeyQuorum(ctx, appId, { user_ids: [owner.user_id] }, { implicit: true, db });
    return { ownerId: quorum.id, ownerUserId: bareUserId(owner.user_id) };
  }
  const quorum = await createKeyQuorum(
    ctx,
    appId,
    { public_keys: [owner.public_key] },
    { implicit: true, db },
  );
  return { ownerId: quorum.id, ownerUserId: null };
}
