import { serverWalletKeyLimits, type UserSignerReply } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { importAuthorizationKey } from '../server-wallets/authorization.ts';
import { storeUserKey } from '../server-wallets/hpke/user-keys.ts';

/**
 * `frame/user_signer`: the wallet frame's own P-256 key (non-extractable in the frame) becomes the
 * user's authorization key for the session of the request, as `POST /wallets/authenticate` makes
 * one for the app's backend, and lives as those do: until the access token's end (at most
 * `userKeyMaxTtlMs`), and only while the session does (logout ends it). With it the frame signs the
 * user's session-signer changes (`PATCH /api/v1/wallets/:wallet_id`).
 */
export async function registerUserSigner(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  auth: AppEnv['Variables']['auth'],
  publicKey: string,
): Promise<UserSignerReply> {
  const key = importAuthorizationKey(publicKey);
  if (!key) throw new ApiError('invalid_data', 'public_key must be a base64 SPKI P-256 public key.');
  const expiresAt = Math.min(
    auth.tokenExpiresAt * 1000,
    ctx.now() * 1000 + serverWalletKeyLimits.userKeyMaxTtlMs,
  );
  await storeUserKey(ctx, {
    appId,
    userId: auth.userId,
    sessionId: auth.sessionId,
    // Stored as the SPKI the key parsed to: one spelling (no `wallet-auth:` prefix) per key.
    publicKey: key.export({ format: 'der', type: 'spki' }).toString('base64'),
    expiresAt,
  });
  return { expires_at: expiresAt };
}
