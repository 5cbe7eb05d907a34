import type { CreateServerWalletRequest } from '@latchkey/protocol';
import { bareUserId } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import { createKeyQuorum, loadKeyQuorum } from './key-quorums.ts';

/** The fields of a create or update that name an owner. */
type OwnerFields = Pick<
  CreateServerWalletRequest,
  'owner' | 'owner_id' | 'authorization_key_ids' | 'authorization_threshold'
>;

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
  input: OwnerFields,
  db: Kysely<Database> = ctx.db,
): Promise<ResolvedOwner> {
  const { owner, owner_id: ownerId } = input;
  if (owner && ownerId) throw new ApiError('invalid_data', 'Give only one of owner or owner_id');
  if (input.authorization_key_ids || input.authorization_threshold !== undefined)
    return legacyOwner(ctx, appId, input, db);
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

/**
 * `authorization_key_ids` with `authorization_threshold`, the owner's older form: a quorum of those
 * quorums (one key each, as the dashboard makes authorization keys), of which the threshold (default:
 * all) must sign. One id at the default threshold is that quorum itself. Never silently dropped: a
 * wallet created with it and stored without an owner would obey the app secret alone.
 */
async function legacyOwner(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  input: OwnerFields,
  db: Kysely<Database>,
): Promise<ResolvedOwner> {
  const ids = [...new Set(input.authorization_key_ids ?? [])];
  if (ids.length === 0)
    throw new ApiError('invalid_data', 'authorization_threshold needs authorization_key_ids');
  if (input.owner || input.owner_id)
    throw new ApiError('invalid_data', 'Give only one of owner, owner_id or authorization_key_ids');
  const threshold = input.authorization_threshold ?? ids.length;
  if (threshold > ids.length)
    throw new ApiError('invalid_data', 'authorization_threshold must be between 1 and the number of keys');
  const quorums = await db
    .selectFrom('key_quorums')
    .select(['id', 'key_quorum_ids'])
    .where('app_id', '=', appId)
    .where('id', 'in', ids)
    .execute();
  if (quorums.length !== ids.length)
    throw new ApiError('invalid_data', 'authorization_key_ids: every id must be a key quorum of this app');
  if (quorums.some((row) => (JSON.parse(row.key_quorum_ids) as string[]).length > 0))
    throw new ApiError(
      'invalid_data',
      'authorization_key_ids: a quorum that nests quorums cannot be one key',
    );
  if (ids.length === 1) return { ownerId: ids[0]!, ownerUserId: null };
  const quorum = await createKeyQuorum(
    ctx,
    appId,
    { key_quorum_ids: ids, authorization_threshold: threshold },
    { implicit: true, db },
  );
  return { ownerId: quorum.id, ownerUserId: null };
}
