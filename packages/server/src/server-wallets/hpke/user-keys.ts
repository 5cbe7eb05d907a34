import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import {
  bareUserId,
  type HpkeEncrypted,
  serverWalletKeyLimits,
  type UserKeyRequest,
  type UserKeyResponse,
  userIdPrefix,
} from '@latchkey/protocol';
import type { AppRecord } from '../../app-config/app-record.ts';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { ApiError } from '../../http/api-error.ts';
import { activeSession } from '../../sessions/session-service.ts';
import { verifyAccessToken } from '../../tokens/access-token.ts';
import { type ServerWalletRow, walletView } from '../wallet-view.ts';
import { parseRecipientPublicKey, sealToRecipient } from './hpke.ts';

/**
 * Users as owners and signers (REFERENCES §1.6): the user's app trades the user's access token for a
 * fresh P-256 authorization key, whose private half goes back sealed by HPKE to the app's key and is
 * never stored here; its public half counts as the user's signature while it is live. Live means
 * before `expires_at` (the token's remaining life, at most `userKeyMaxTtlMs`) and while the token's
 * session is (logout or revocation ends the key at once).
 */

export const invalidRecipientKey = () =>
  new ApiError('invalid_data', 'recipient_public_key must be a base64 SPKI P-256 public key.');

/** `POST /wallets/authenticate`: the user's key, sealed to the caller, with the user's wallets. */
export async function issueUserKey(
  ctx: ServerContext,
  app: AppRecord,
  body: UserKeyRequest,
): Promise<UserKeyResponse> {
  const recipient = parseRecipientPublicKey(body.recipient_public_key);
  if (!recipient) throw invalidRecipientKey();
  // Strict: this app's audience and keys, our issuer, unexpired (tokens/access-token.ts), and the
  // session behind it still live. Any failure is 401 missing_or_invalid_token.
  const claims = await verifyAccessToken(ctx, app.id, body.user_jwt);
  await activeSession(ctx, app, claims.sessionId, claims.userId);

  const nowMs = ctx.now() * 1000;
  const expiresAt = Math.min(claims.expiresAt * 1000, nowMs + serverWalletKeyLimits.userKeyMaxTtlMs);
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  // What @privy-io/node signs with: base64 PKCS#8 DER, as UTF-8 text (lib/jwt-exchange.ts).
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  const plaintext = new TextEncoder().encode(pkcs8.toString('base64'));
  let sealed: HpkeEncrypted;
  try {
    sealed = { encryption_type: 'HPKE', ...(await sealToRecipient(recipient, plaintext)) };
  } finally {
    pkcs8.fill(0);
    plaintext.fill(0);
  }

  await storeUserKey(ctx, {
    appId: app.id,
    userId: claims.userId,
    sessionId: claims.sessionId,
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    expiresAt,
  });

  const wallets = await walletsOfUser(ctx, app.id, claims.userId);
  return { encrypted_authorization_key: sealed, expires_at: expiresAt, wallets: wallets.map(walletView) };
}

/**
 * Makes a P-256 public key (base64 SPKI) the user's authorization key for one session until
 * `expiresAt` (ms): here for `POST /wallets/authenticate`, and for the wallet frame's own key
 * (delegated-actions, `frame/user_signer`). The user's oldest keys beyond `userKeysPerUser` go.
 */
export async function storeUserKey(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  key: { appId: string; userId: string; sessionId: string; publicKey: string; expiresAt: number },
): Promise<void> {
  await ctx.db
    .insertInto('server_wallet_user_keys')
    .values({
      id: randomId(),
      app_id: key.appId,
      user_id: key.userId,
      session_id: key.sessionId,
      public_key: key.publicKey,
      created_at: ctx.now() * 1000,
      expires_at: key.expiresAt,
    })
    .execute();
  await trimUserKeys(ctx, key.appId, key.userId);
}

/**
 * Keeps a user's newest `userKeysPerUser` keys: every key is tried against every signature of a
 * request, so their number is bounded whatever a caller with the app secret asks for.
 */
async function trimUserKeys(ctx: Pick<ServerContext, 'db'>, appId: string, userId: string): Promise<void> {
  const stale = await ctx.db
    .selectFrom('server_wallet_user_keys')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(serverWalletKeyLimits.userKeysPerUser)
    .limit(1000)
    .execute();
  if (stale.length > 0)
    await ctx.db
      .deleteFrom('server_wallet_user_keys')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute();
}

/** One live authorization key of a user, as authorization checks signatures with it. */
export interface LiveUserKey {
  id: string;
  publicKey: KeyObject;
}

/**
 * The live authorization keys of each of `userIds` (as given: with or without `did:privy:`), for
 * authorize.ts: a user member of a quorum has signed when one of these verifies. A user without
 * live keys maps to an empty list. One statement for all the users.
 */
export async function liveUserKeys(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  userIds: readonly string[],
): Promise<Map<string, LiveUserKey[]>> {
  const result = new Map<string, LiveUserKey[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const byBare = new Map<string, string[]>();
  for (const id of userIds) byBare.set(bareUserId(id), [...(byBare.get(bareUserId(id)) ?? []), id]);
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('server_wallet_user_keys as k')
    .innerJoin('sessions as s', 's.id', 'k.session_id')
    .select(['k.id', 'k.user_id', 'k.public_key'])
    .where('k.app_id', '=', appId)
    .where('k.user_id', 'in', [...byBare.keys()])
    .where('k.expires_at', '>', now * 1000)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .execute();
  for (const row of rows) {
    const key: LiveUserKey = {
      id: `user-key:${row.id}`,
      publicKey: createPublicKey({ key: Buffer.from(row.public_key, 'base64'), format: 'der', type: 'spki' }),
    };
    for (const given of byBare.get(row.user_id) ?? []) result.get(given)?.push(key);
  }
  return result;
}

/**
 * The wallets a user owns (`owner: {user_id}`, as `GET /wallets?user_id=` finds them), newest first:
 * what `POST /wallets/authenticate` answers with. `owner_user_id` holds the id as the create gave it.
 */
async function walletsOfUser(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  userId: string,
): Promise<ServerWalletRow[]> {
  return ctx.db
    .selectFrom('server_wallets')
    .selectAll()
    .where('app_id', '=', appId)
    .where('owner_user_id', 'in', [userId, `${userIdPrefix}${userId}`])
    .where('archived_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}
