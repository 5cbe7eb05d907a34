import type { EntropyIdVerifier, FrameRecoveryMethod } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { AccountRecord } from '../accounts/account-record.ts';
import { parseWalletAddress } from '../accounts/embedded-accounts.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { sealedKind } from '../crypto/sealed-value.ts';
import { secretBoxKind } from '../crypto/secret-box.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import type { WalletEntropiesTable } from '../storage/tables/embedded-wallets.ts';
import type { WalletAddress } from '../wallets/addresses.ts';
import type { RecoveryMaterial } from './recovery-material.ts';

/**
 * Sealing contexts: each sealed value is bound to its row and its role, so a ciphertext
 * copied to another row or column does not open.
 */
export const contexts = {
  authShare: (id: string) => `embedded-auth-share:${id}`,
  recoveryShare: (id: string) => `embedded-recovery-share:${id}`,
  recoveryKey: (id: string) => `embedded-recovery-key:${id}`,
  passwordVerifier: (id: string) => `embedded-password-verifier:${id}`,
};

export type EntropyRow = WalletEntropiesTable;

/**
 * The stored form of an entropy id: the lower-cased 0x address (as wallet identifiers are), or
 * the base58 address as is. Clients send the checksummed form; any case finds the entropy.
 */
export function entropyKey(entropyId: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(entropyId) ? entropyId.toLowerCase() : entropyId;
}

/** The entropy id as users see it: EIP-55 for Ethereum, base58 for Solana. */
export function displayEntropyId(row: Pick<EntropyRow, 'entropy_id' | 'entropy_id_verifier'>): string {
  return row.entropy_id_verifier === 'ethereum-address-verifier'
    ? getAddress(row.entropy_id)
    : row.entropy_id;
}

/** The address the entropy is named by: its primary wallet's (or the imported key's own). */
export function primaryAddressOf(row: Pick<EntropyRow, 'entropy_id' | 'entropy_id_verifier'>): WalletAddress {
  return parseWalletAddress(
    row.entropy_id_verifier === 'ethereum-address-verifier' ? 'ethereum' : 'solana',
    displayEntropyId(row),
  );
}

/**
 * The two keys an entropy's shares are sealed with: the auth share under the secret box (master
 * key), the recovery share, the recovery key and the password verifier under the key store (kept
 * away from the database and the master key), so neither key alone opens two shares.
 */
export type EntropyKeys = Pick<ServerContext, 'secretBox' | 'keyStore'>;

async function sealedMaterial(
  keys: EntropyKeys,
  id: string,
  authShare: Uint8Array,
  material: RecoveryMaterial,
) {
  return {
    auth_share_sealed: keys.secretBox.seal(authShare, contexts.authShare(id)),
    recovery_method: material.method,
    encrypted_recovery_share: await keys.keyStore.seal(
      material.encryptedRecoveryShare,
      contexts.recoveryShare(id),
    ),
    recovery_key_sealed: material.recoveryKey
      ? await keys.keyStore.seal(material.recoveryKey, contexts.recoveryKey(id))
      : null,
    recovery_key_derivation_salt: material.salt ? Buffer.from(material.salt).toString('base64') : null,
    recovery_password_verifier: material.passwordVerifier
      ? await keys.keyStore.seal(material.passwordVerifier, contexts.passwordVerifier(id))
      : null,
  };
}

/** An entropy to store: whose it is, its id, the auth share and the recovery material. */
export interface NewEntropy {
  appId: string;
  userId: string;
  entropyId: string;
  verifier: EntropyIdVerifier;
  authShare: Uint8Array;
  material: RecoveryMaterial;
  imported?: boolean;
}

/**
 * Stores a user's entropy: the partial (app, user) unique index refuses a second HD one. An
 * imported key (`imported`) is an entropy of its own, any number per user; the (app, entropy id)
 * constraint refuses one address twice.
 */
export async function insertEntropy(
  db: Kysely<Database>,
  keys: EntropyKeys,
  entropy: NewEntropy,
  now: number,
): Promise<void> {
  const id = randomId(25);
  await db
    .insertInto('wallet_entropies')
    .values({
      id,
      app_id: entropy.appId,
      user_id: entropy.userId,
      entropy_id: entropyKey(entropy.entropyId),
      entropy_id_verifier: entropy.verifier,
      ...(await sealedMaterial(keys, id, entropy.authShare, entropy.material)),
      created_at: now,
      updated_at: now,
      imported: entropy.imported ? 1 : 0,
    })
    .execute();
}

/** The user's entropies: a query for the callers below to narrow. */
function entropiesOf(db: Kysely<Database>, appId: string, userId: string) {
  return db
    .selectFrom('wallet_entropies')
    .selectAll()
    .where('app_id', '=', appId)
    .where('user_id', '=', userId);
}

/** The user's HD entropy, if they have one (imported keys are not it). */
export async function userEntropy(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<EntropyRow | undefined> {
  return entropiesOf(db, appId, userId).where('imported', '=', 0).executeTakeFirst();
}

/** The user's entropy whose stored id is exactly `entropyId` (an HD entropy or an imported key). */
async function entropyById(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  entropyId: string,
): Promise<EntropyRow | undefined> {
  return entropiesOf(db, appId, userId).where('entropy_id', '=', entropyKey(entropyId)).executeTakeFirst();
}

export function isImportedEntropy(row: Pick<EntropyRow, 'imported'>): boolean {
  return Number(row.imported) === 1;
}

/**
 * The embedded wallet accounts whose key `row` holds: the imported key's one wallet, or every
 * HD (not imported) embedded wallet of the user.
 */
export function accountsOfEntropy(row: EntropyRow, accounts: AccountRecord[]): AccountRecord[] {
  return accounts.filter((account) =>
    isImportedEntropy(row) ? account.identifier === row.entropy_id : account.details.imported !== true,
  );
}

/** The entropy holding the key of one of the user's embedded wallets (by its account). */
export async function entropyOfWallet(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  wallet: { identifier: string; imported: boolean },
): Promise<EntropyRow | undefined> {
  return wallet.imported ? entropyById(db, appId, userId, wallet.identifier) : userEntropy(db, appId, userId);
}

/**
 * The user's entropy named `entropyId`: an imported key's address, the HD entropy's first wallet's
 * address, or the primary (index-0) embedded wallet of the other chain made from it. Clients name the entropy by the primary wallet
 * created first, read from second-resolution timestamps; a Solana-first user who adds Ethereum in
 * the same second cannot tell which came first, so either primary names the one entropy.
 * Unknown, or another user's: the same 404, so a caller cannot learn which entropy ids exist.
 */
export async function requireEntropy(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  entropyId: string,
): Promise<EntropyRow> {
  const exact = await entropyById(db, appId, userId, entropyId);
  if (exact) return exact;
  const row = await userEntropy(db, appId, userId);
  if (!row) throw new ApiError('linked_account_not_found');
  const key = entropyKey(entropyId);
  const accounts = await db
    .selectFrom('linked_accounts')
    .select(['identifier', 'details', 'type'])
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('type', '=', 'wallet')
    .execute();
  const primary = accounts.some((account) => {
    const details = JSON.parse(account.details) as Record<string, unknown>;
    return (
      details.connector_type === 'embedded' &&
      details.wallet_client_type === 'privy' &&
      Number(details.wallet_index ?? 0) === 0 &&
      details.imported !== true &&
      entropyKey(String(details.address ?? '')) === key
    );
  });
  if (!primary) throw new ApiError('linked_account_not_found');
  return row;
}

/**
 * Inside the caller's transaction: takes the entropy's row lock (PostgreSQL; SQLite serialises
 * writers anyway), so that concurrent changes to one user's wallets run one after the other.
 */
export async function lockEntropy(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('wallet_entropies').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Replaces the auth share and the recovery material (a recovery or a change of method). */
export async function replaceShares(
  db: Kysely<Database>,
  keys: EntropyKeys,
  id: string,
  authShare: Uint8Array,
  material: RecoveryMaterial,
  now: number,
): Promise<void> {
  await db
    .updateTable('wallet_entropies')
    .set({ ...(await sealedMaterial(keys, id, authShare, material)), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function openAuthShare(box: EntropyKeys['secretBox'], row: EntropyRow): Uint8Array {
  return box.open(row.auth_share_sealed, contexts.authShare(row.id));
}

/**
 * Opens recovery material: sealed by the key store, or, written before there was one, by the
 * secret box (`v1.`). Startup re-seals the latter (reseal-recovery-material.ts); read both so a
 * row written meanwhile by an older replica still opens.
 */
export function openRecoverySealed(keys: EntropyKeys, sealed: string, context: string): Promise<Uint8Array> {
  return sealedKind(sealed) === secretBoxKind
    ? Promise.resolve().then(() => keys.secretBox.open(sealed, context))
    : keys.keyStore.open(sealed, context);
}

export function openEncryptedRecoveryShare(keys: EntropyKeys, row: EntropyRow): Promise<Uint8Array> {
  return openRecoverySealed(keys, row.encrypted_recovery_share, contexts.recoveryShare(row.id));
}

export async function openRecoveryKey(keys: EntropyKeys, row: EntropyRow): Promise<Uint8Array | null> {
  return row.recovery_key_sealed
    ? openRecoverySealed(keys, row.recovery_key_sealed, contexts.recoveryKey(row.id))
    : null;
}

/** The stored proof of a `user-passcode` wallet's password; null for other methods and older rows. */
export async function openPasswordVerifier(keys: EntropyKeys, row: EntropyRow): Promise<Uint8Array | null> {
  return row.recovery_password_verifier
    ? openRecoverySealed(keys, row.recovery_password_verifier, contexts.passwordVerifier(row.id))
    : null;
}

export function recoveryMethodOf(row: EntropyRow): FrameRecoveryMethod {
  return row.recovery_method as FrameRecoveryMethod;
}
