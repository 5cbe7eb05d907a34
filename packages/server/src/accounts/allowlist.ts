import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { VerifiedIdentity } from './account-record.ts';

export type AllowlistType = 'email' | 'phone' | 'wallet';

export interface AllowlistEntry {
  id: string;
  type: AllowlistType;
  value: string;
  appId: string;
  acceptedAt: number | null;
}

/** Account types the allowlist governs; guests and an app's own custom-JWT users are its own call. */
const governed: Record<string, AllowlistType | undefined> = {
  email: 'email',
  phone: 'phone',
  wallet: 'wallet',
};

/**
 * Rejects an identity the allowlist does not name, with the app's configured texts in `data`. An
 * email entry `@example.com` admits the whole domain.
 */
export async function assertAllowlisted(
  ctx: ServerContext,
  app: AppRecord,
  identity: VerifiedIdentity,
): Promise<void> {
  const type = governed[identity.type];
  if (!app.config.allowlist_enabled || !type) return;
  // Wallet entries are stored lower-cased (apps/feature.ts normaliseEntry).
  const candidates = [type === 'wallet' ? identity.identifier.toLowerCase() : identity.identifier];
  if (type === 'email') candidates.push(identity.identifier.slice(identity.identifier.indexOf('@')));
  const hit = await ctx.db
    .selectFrom('allowlist')
    .select('id')
    .where('app_id', '=', app.id)
    .where('type', '=', type)
    .where('value', 'in', candidates)
    .executeTakeFirst();
  if (!hit) throw new ApiError('allowlist_rejected', undefined, { data: app.config.allowlist_config });
}

export async function listAllowlist(ctx: ServerContext, appId: string): Promise<AllowlistEntry[]> {
  const rows = await ctx.db
    .selectFrom('allowlist')
    .selectAll()
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AllowlistType,
    value: r.value,
    appId: r.app_id,
    acceptedAt: null,
  }));
}

export async function addAllowlistEntry(
  ctx: ServerContext,
  appId: string,
  type: AllowlistType,
  value: string,
): Promise<AllowlistEntry> {
  const id = randomId(25);
  try {
    await ctx.db
      .insertInto('allowlist')
      .values({ id, app_id: appId, type, value, created_at: ctx.now() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('resource_already_exists', 'Allowlist entry already exists.');
    throw error;
  }
  return { id, type, value, appId, acceptedAt: null };
}

export async function removeAllowlistEntry(
  ctx: ServerContext,
  appId: string,
  type: AllowlistType,
  value: string,
): Promise<void> {
  const result = await ctx.db
    .deleteFrom('allowlist')
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .where('value', '=', value)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ApiError('not_found', 'Allowlist entry not found.');
}
