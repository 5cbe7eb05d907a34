import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { bearerToken } from '../http/credentials.ts';
import type { AppEnv } from '../http/env.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { Database } from '../storage/schema.ts';
import { type DeviceKey, verifyDpopProof } from './dpop.ts';

/** A user keeps at most this many devices; enrolling one more forgets the longest unused. */
const maxDevicesPerUser = 20;
/** `last_used_at` is written at most this often, so signatures do not each cost a write. */
const touchIntervalSeconds = 3600;

/** The request's device key, proven by its DPoP proof; bound to the Bearer token when there is one. */
function proveDevice(ctx: ServerContext, c: Context<AppEnv>): Promise<DeviceKey> {
  return verifyDpopProof(ctx, c, bearerToken(c.req.header('authorization')) ?? null);
}

/**
 * Admits a request only from a device enrolled for the user: a wallet frame that proved, on a fresh
 * login, that it holds a non-extractable key (docs/security.md). A party holding the user's tokens
 * but not that key gets `device_revoked`, whatever headers it sends.
 */
export function requireEnrolledDevice(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const device = await proveDevice(ctx, c);
    const { userId } = c.get('auth');
    const row = await ctx.db
      .selectFrom('wallet_devices')
      .select(['id', 'last_used_at'])
      .where('app_id', '=', c.get('app').id)
      .where('user_id', '=', userId)
      .where('jkt', '=', device.jkt)
      .executeTakeFirst();
    if (!row) throw new ApiError('device_revoked');
    const now = ctx.now();
    if (now - row.last_used_at >= touchIntervalSeconds)
      await ctx.db
        .updateTable('wallet_devices')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .execute();
    await next();
  };
}

/**
 * `/frame/devices`: enrolls the proving device for the user, which lets it receive share material.
 * Only within `deviceEnrollmentWindowSeconds` of the login (`auth_time`): a token stolen later, or
 * refreshed for days, cannot enroll the thief's own key. Enrolling an enrolled key is a no-op.
 */
export async function enrollDevice(ctx: ServerContext, c: Context<AppEnv>): Promise<void> {
  const device = await proveDevice(ctx, c);
  const { userId, authTime } = c.get('auth');
  const appId = c.get('app').id;
  const now = ctx.now();
  const known = await ctx.db
    .selectFrom('wallet_devices')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('jkt', '=', device.jkt)
    .executeTakeFirst();
  if (known) return;
  if (now - authTime > ctx.settings.deviceEnrollmentWindowSeconds)
    throw new ApiError('recent_authentication_required');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('wallet_devices')
        .values({
          id: randomId(25),
          app_id: appId,
          user_id: userId,
          jkt: device.jkt,
          public_jwk: JSON.stringify(device.jwk),
          created_at: now,
          last_used_at: now,
        })
        .execute();
      await forgetOldestDevices(trx, appId, userId);
    });
  } catch (error) {
    // The same key enrolled by a concurrent request: enrolled either way.
    if (!isUniqueViolation(error)) throw error;
  }
}

async function forgetOldestDevices(db: Kysely<Database>, appId: string, userId: string): Promise<void> {
  const devices = await db
    .selectFrom('wallet_devices')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const surplus = devices.slice(maxDevicesPerUser).map((device) => device.id);
  if (surplus.length > 0) await db.deleteFrom('wallet_devices').where('id', 'in', surplus).execute();
}
