import { limits } from '@latchkey/protocol';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
import type { PasskeyMfaDetails } from '../accounts/mfa-methods.ts';
import { findAccountOwner, loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { addAccount } from '../login/link.ts';
import { isUniqueViolation } from '../storage/db.ts';
import { authenticatorName } from './authenticator-names.ts';
import type { StoredCredential, VerifiedCredential } from './ceremonies.ts';
import type { RelyingParty } from './relying-party.ts';
import { createdWith } from './user-agent.ts';

/**
 * What a passkey account's `details` hold: its wire fields (WIRE.md §4.2) and what verifying its
 * assertions needs, which never goes on the wire (account-record.ts picks the wire fields).
 */
export interface PasskeyDetails extends PasskeyMfaDetails {
  /** The COSE public key, base64url. */
  public_key: string;
  /** The last signature counter seen. */
  counter: number;
  /** The RP ID it was made for: it signs for that host only. */
  rp_id: string;
  /** base64url WebAuthn user handle it was made with. */
  user_handle: string | null;
  transports: string[];
  aaguid: string;
  authenticator_name: string | null;
  created_with_browser: string | null;
  created_with_os: string | null;
  created_with_device: string | null;
}

/** The account a verified new credential becomes. */
export function passkeyIdentity(
  credential: VerifiedCredential,
  relyingParty: RelyingParty,
  userAgent: string | undefined,
): VerifiedIdentity {
  const made = createdWith(userAgent);
  const details: PasskeyDetails = {
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    rp_id: relyingParty.id,
    user_handle: credential.userHandle,
    transports: credential.transports,
    aaguid: credential.aaguid,
    authenticator_name: authenticatorName(credential.aaguid),
    created_with_browser: made.browser,
    created_with_os: made.os,
    created_with_device: made.device,
  };
  return { type: 'passkey', identifier: credential.id, details: { ...details } };
}

/** A stored passkey as a login reads it: the row, and its details exactly as stored (for the swap). */
export interface PasskeyRecord {
  accountId: string;
  details: PasskeyDetails;
  rawDetails: string;
}

const unknownPasskey = () => new ApiError('invalid_credentials', 'Unknown passkey.');

/** The passkey with this credential id in the app, or `invalid_credentials`. */
export async function findPasskey(
  ctx: ServerContext,
  app: AppRecord,
  credentialId: string,
): Promise<PasskeyRecord> {
  const row = await ctx.db
    .selectFrom('linked_accounts')
    .select(['id', 'details'])
    .where('app_id', '=', app.id)
    .where('type', '=', 'passkey')
    .where('identifier', '=', credentialId)
    .executeTakeFirst();
  if (!row) throw unknownPasskey();
  const details = JSON.parse(row.details) as PasskeyDetails;
  if (typeof details.public_key !== 'string' || typeof details.counter !== 'number') throw unknownPasskey();
  return { accountId: row.id, details, rawDetails: row.details };
}

/**
 * Checks what the assertion says about its credential before any signature work: it was made for
 * this RP ID, and the user handle, when the authenticator returns one, is the one it was made with.
 */
export function storedCredential(
  passkey: PasskeyRecord,
  credentialId: string,
  relyingParty: RelyingParty,
  userHandle: string | undefined,
): StoredCredential {
  const { details } = passkey;
  if (details.rp_id !== relyingParty.id)
    throw new ApiError('invalid_credentials', 'This passkey belongs to another relying party.');
  if (userHandle !== undefined && details.user_handle && userHandle !== details.user_handle)
    throw new ApiError('invalid_credentials', 'The passkey user handle does not match.');
  return {
    id: credentialId,
    publicKey: new Uint8Array(Buffer.from(details.public_key, 'base64url')),
    counter: details.counter,
  };
}

/**
 * Stores the counter a verified assertion carried. A compare-and-swap on the details as they were
 * read: of two assertions racing with the same old counter, one stores and the other is refused,
 * so a clone cannot slip in between a read and a write.
 */
export async function recordCounter(
  ctx: ServerContext,
  passkey: PasskeyRecord,
  counter: number,
): Promise<void> {
  if (counter === passkey.details.counter) return;
  const result = await ctx.db
    .updateTable('linked_accounts')
    .set({ details: JSON.stringify({ ...passkey.details, counter }) })
    .where('id', '=', passkey.accountId)
    .where('details', '=', passkey.rawDetails)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new ApiError('invalid_credentials', 'The passkey was used again meanwhile.');
}

/**
 * Passkeys are the one account type a user may hold several of: at most 5 (spec document 1 §5,
 * 'User already has an account of type passkey linked.').
 */
export function assertRoomForPasskey(user: UserRecord): void {
  const passkeys = user.accounts.filter((account) => account.type === 'passkey').length;
  if (passkeys >= limits.maxPasskeysPerUser)
    throw new ApiError('cannot_link_more_of_type', 'User already has an account of type passkey linked.');
}

/**
 * Links a verified new passkey to the user, in one transaction that holds the user's row: racing
 * links cannot take a user past 5 passkeys between the count and the insert (PostgreSQL locks the
 * row until commit; SQLite runs one write transaction at a time). A credential id the user already
 * has is `resource_already_exists`; one another user holds is `linked_to_another_user` (passkeys
 * never transfer). A guest becomes a full user, and `user.linked_account` is recorded.
 */
export async function linkPasskey(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  identity: VerifiedIdentity,
): Promise<UserRecord> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (ctx.dialect === 'postgres')
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const user = await loadUser(trx, app.id, userId);
      if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
      const owner = await findAccountOwner(trx, app.id, 'passkey', identity.identifier);
      if (owner === userId)
        throw new ApiError('resource_already_exists', 'This passkey is already linked to the user.');
      if (owner) throw new ApiError('linked_to_another_user');
      assertRoomForPasskey(user);
      await addAccount(trx, app, user, identity, ctx.now());
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('linked_to_another_user');
    throw error;
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}

/** The ids of the user's passkeys: excluded from a new registration, so a device makes one only. */
export const passkeyIds = (user: UserRecord): string[] =>
  user.accounts.filter((account) => account.type === 'passkey').map((account) => account.identifier);

/** What the authenticator shows beside a linked passkey: the user's email or phone, else the app. */
export function linkedPasskeyName(app: AppRecord, user: UserRecord): string {
  const contact = user.accounts.find((a) => a.type === 'email' || a.type === 'phone');
  if (!contact) return app.config.name;
  return contact.type === 'phone'
    ? String(contact.details.display ?? contact.identifier)
    : contact.identifier;
}
