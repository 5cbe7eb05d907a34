import { type OAuthUserInfo, oauthProviderOf } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { AccountType, VerifiedIdentity } from '../accounts/account-record.ts';
import { loadPrimaryEmbeddedAddress } from '../accounts/embedded-accounts.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomToken } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import type { Database } from '../storage/schema.ts';

/** A transfer nonce lives this long: time to read the confirmation screen and decide. */
export const transferNonceTtlSeconds = 10 * 60;

/** The `nonce` field of the transfer routes' bodies. Issued ones are 43 characters. */
export const transferNonceInput = boundedString(100);

/** What a transfer nonce authorises: `userId` may take the account from `fromUserId`. */
export interface TransferGrant {
  appId: string;
  userId: string;
  type: AccountType;
  identifier: string;
  fromUserId: string;
}

/**
 * Issues a nonce for one grant: base64url of 32 random bytes, returned once and stored only as
 * its SHA-256, so a read of the table cannot be replayed. Expired nonces of the app are swept on
 * the way.
 */
export async function issueTransferNonce(
  db: Kysely<Database>,
  grant: TransferGrant,
  now: number,
): Promise<string> {
  await db
    .deleteFrom('account_transfers')
    .where('app_id', '=', grant.appId)
    .where('expires_at', '<=', now)
    .execute();
  const nonce = randomToken(32);
  await db
    .insertInto('account_transfers')
    .values({
      nonce_hash: sha256Hex(nonce),
      app_id: grant.appId,
      user_id: grant.userId,
      account_type: grant.type,
      identifier: grant.identifier,
      from_user_id: grant.fromUserId,
      expires_at: now + transferNonceTtlSeconds,
      created_at: now,
    })
    .execute();
  return nonce;
}

/**
 * Spends a nonce and returns its grant, or null when it is unknown, used or expired. One
 * DELETE ... RETURNING claims it, so of two racing uses exactly one gets the grant; the caller
 * checks the grant against who is asking and for what.
 */
export async function claimTransferNonce(
  db: Kysely<Database>,
  appId: string,
  nonce: string,
  now: number,
): Promise<TransferGrant | null> {
  const row = await db
    .deleteFrom('account_transfers')
    .where('nonce_hash', '=', sha256Hex(nonce))
    .where('app_id', '=', appId)
    .returning(['user_id', 'account_type', 'identifier', 'from_user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return null;
  return {
    appId,
    userId: row.user_id,
    type: row.account_type as AccountType,
    identifier: row.identifier,
    fromUserId: row.from_user_id,
  };
}

/**
 * How the other user's OAuth account is shown (`data.otherUser.oAuthUserInfo`), from the profile
 * the provider gave; what the web transfer sends back.
 */
function oauthUserInfo(identity: VerifiedIdentity): OAuthUserInfo {
  const d = identity.details ?? {};
  const info: OAuthUserInfo = { subject: identity.identifier };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const fields = {
    email: text(d.email),
    name: text(d.name),
    username: text(d.username),
    vanityName: text(d.vanity_name),
    profilePictureUrl: text(d.profile_picture_url),
  };
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) Object.assign(info, { [key]: value });
  return info;
}

/**
 * The answer to linking an identity that `ownerId` owns: `account_transfer_required`, carrying a
 * fresh nonce with which `userId` may take the account over (WIRE.md §2). `displayName` and
 * `subject` are the identifier as users know it: the email, the E.164 number, the checksummed
 * (Ethereum) or base58 (Solana) address; for an OAuth account, `subject` is the provider's and
 * `displayName` its username, email or name.
 */
export async function accountTransferRequired(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  identity: VerifiedIdentity,
  ownerId: string,
): Promise<ApiError> {
  const grant = {
    appId: app.id,
    userId,
    type: identity.type,
    identifier: identity.identifier,
    fromUserId: ownerId,
  };
  const nonce = await issueTransferNonce(ctx.db, grant, ctx.now());
  const oauth = oauthProviderOf(identity.type) ? oauthUserInfo(identity) : null;
  const shown = String(
    identity.details?.address ?? oauth?.username ?? oauth?.email ?? oauth?.name ?? identity.identifier,
  );
  return new ApiError('account_transfer_required', undefined, {
    data: {
      nonce,
      account: { displayName: shown },
      subject: oauth ? identity.identifier : shown,
      // The client shows the other user's wallet so the user knows what the transfer deletes.
      otherUser: {
        embeddedWalletAddress: await loadPrimaryEmbeddedAddress(ctx.db, app.id, ownerId),
        oAuthUserInfo: oauth,
      },
    },
  });
}
