import {
  type AdditionalSigner,
  bareUserId,
  type CreateServerWalletRequest,
  serverWalletLimits,
  type UpdateServerWalletRequest,
} from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { compiledQuery } from '../storage/compiled-query.ts';
import type { Database } from '../storage/schema.ts';
import { keyedChain } from './chains.ts';
import { newestFirst, type PagePosition } from './newest-first.ts';
import { resolveOwner } from './owners.ts';
import { checkPolicyIds } from './policy-ids.ts';
import { generateWalletKey, sealWalletKey } from './wallet-keys.ts';
import type { ServerWalletRow } from './wallet-view.ts';

const invalid = (message: string) => new ApiError('invalid_data', message);

/** The wallet's lookup key for its address: Ethereum addresses compare case-insensitively. */
export const addressKey = (chainType: string, address: string) =>
  chainType === 'ethereum' ? address.toLowerCase() : address;

/** Built once (storage/compiled-query.ts): every RPC, raw sign and read starts with it. */
export const walletById = compiledQuery((db, a: { id: string; appId: string }) =>
  db.selectFrom('server_wallets').selectAll().where('id', '=', a.id).where('app_id', '=', a.appId),
);

export async function loadWallet(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  walletId: string,
): Promise<ServerWalletRow> {
  const [row] = await walletById(ctx.db, { id: walletId, appId });
  // Another app's wallet is as absent as one never made: its id tells the caller nothing.
  if (!row) throw new ApiError('not_found', 'Wallet not found.');
  return row;
}

/** Additional signers: existing quorums of the app, each named once, with at most one override policy. */
async function checkSigners(
  db: Kysely<Database>,
  appId: string,
  signers: readonly AdditionalSigner[],
  chainType: string,
): Promise<AdditionalSigner[]> {
  if (signers.length > serverWalletLimits.additionalSignersMax)
    throw invalid(`At most ${serverWalletLimits.additionalSignersMax} additional signers`);
  const ids = signers.map((signer) => signer.signer_id);
  if (new Set(ids).size !== ids.length) throw invalid('additional_signers: each signer once');
  if (ids.length > 0) {
    const found = await db
      .selectFrom('key_quorums')
      .select('id')
      .where('app_id', '=', appId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length)
      throw invalid('additional_signers: every signer_id must be a key quorum of this app');
  }
  const result: AdditionalSigner[] = [];
  for (const signer of signers) {
    const overrides = signer.override_policy_ids ?? [];
    await checkPolicyIds(db, appId, overrides, 'override_policy_ids', chainType);
    result.push(
      overrides.length > 0
        ? { signer_id: signer.signer_id, override_policy_ids: overrides }
        : { signer_id: signer.signer_id },
    );
  }
  return result;
}

/**
 * Creates a wallet: a fresh key made and sealed here, or `imported.privateKey` (HPKE import: the
 * caller zeroes it), under `imported.id` when the caller gives the id back (a delegated wallet made
 * again after a revoke keeps the id the app stored). The owner quorum, when `owner` is an object, is
 * made in the same transaction.
 */
export async function createServerWallet(
  ctx: Pick<ServerContext, 'db' | 'keyStore'>,
  appId: string,
  input: CreateServerWalletRequest,
  imported?: { privateKey: Uint8Array; id?: string },
): Promise<ServerWalletRow> {
  const chainType = keyedChain(input.chain_type);
  // Spec document 2 §5: the two ways of adding signers do not mix.
  if (input.authorization_key_ids && input.additional_signers?.length)
    throw invalid('Give either additional_signers or authorization_key_ids');
  const id = imported?.id ?? randomId(24);
  const key = imported
    ? await sealWalletKey(ctx, appId, id, chainType, imported.privateKey)
    : await generateWalletKey(ctx, appId, id, chainType);
  const now = Date.now();
  const insert = async (db: Kysely<Database>) => {
    const policyIds = input.policy_ids ?? [];
    await checkPolicyIds(db, appId, policyIds, 'policy_ids', chainType);
    const signers = await checkSigners(db, appId, input.additional_signers ?? [], chainType);
    const owner = await resolveOwner(ctx, appId, input, db);
    const row: ServerWalletRow = {
      id,
      app_id: appId,
      chain_type: chainType,
      address: key.address,
      address_key: addressKey(chainType, key.address),
      public_key: key.publicKey,
      owner_id: owner.ownerId,
      owner_user_id: owner.ownerUserId,
      policy_ids: JSON.stringify(policyIds),
      additional_signers: JSON.stringify(signers),
      display_name: input.display_name ?? null,
      external_id: input.external_id ?? null,
      key_sealed: key.sealed,
      created_at: now,
      exported_at: null,
      imported_at: imported ? now : null,
      archived_at: null,
    };
    await db.insertInto('server_wallets').values(row).execute();
    return row;
  };
  try {
    // Only an `owner` object (or several authorization keys) writes a second row; the common create
    // is one insert.
    return input.owner || input.authorization_key_ids
      ? await ctx.db.transaction().execute(insert)
      : await insert(ctx.db);
  } catch (error) {
    if (imported && isUniqueViolation(error))
      throw new ApiError('resource_already_exists', 'This app already has a wallet with this address.');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE|unique|23505/.test(text);
}

/**
 * `PATCH /wallets/:id` (authorized by the owner before it runs): owner, policies, signers, names.
 * A new owner object makes its quorum; `owner: null` / `owner_id: null` removes the owner.
 */
export async function updateServerWallet(
  ctx: Pick<ServerContext, 'db'>,
  wallet: ServerWalletRow,
  input: UpdateServerWalletRequest,
): Promise<ServerWalletRow> {
  if (Object.keys(input).length === 0) throw invalid('An update needs at least one field');
  return ctx.db.transaction().execute(async (db) => {
    const patch: Partial<ServerWalletRow> = {};
    if (input.policy_ids !== undefined) {
      await checkPolicyIds(db, wallet.app_id, input.policy_ids, 'policy_ids', wallet.chain_type);
      patch.policy_ids = JSON.stringify(input.policy_ids);
    }
    if (input.additional_signers !== undefined)
      patch.additional_signers = JSON.stringify(
        await checkSigners(db, wallet.app_id, input.additional_signers, wallet.chain_type),
      );
    if (input.owner !== undefined || input.owner_id !== undefined) {
      const owner = await resolveOwner(ctx, wallet.app_id, input, db);
      patch.owner_id = owner.ownerId;
      patch.owner_user_id = owner.ownerUserId;
    }
    if (input.display_name !== undefined) patch.display_name = input.display_name;
    if (input.external_id !== undefined) patch.external_id = input.external_id;
    await db.updateTable('server_wallets').set(patch).where('id', '=', wallet.id).execute();
    return { ...wallet, ...patch };
  });
}

export interface WalletListQuery {
  cursor?: string;
  limit?: string;
  chain_type?: string;
  user_id?: string;
  external_id?: string;
  address?: string;
}

/** Newest first; `next_cursor` is the last wallet's id, null on the last page. */
export async function listWallets(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  query: WalletListQuery,
): Promise<{ rows: ServerWalletRow[]; nextCursor: string | null }> {
  const limit = query.limit === undefined ? serverWalletLimits.pageMaxLimit : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > serverWalletLimits.pageMaxLimit)
    throw invalid(`limit must be between 1 and ${serverWalletLimits.pageMaxLimit}`);
  let select = ctx.db.selectFrom('server_wallets').selectAll().where('app_id', '=', appId);
  if (query.chain_type) select = select.where('chain_type', '=', query.chain_type);
  if (query.user_id) select = select.where('owner_user_id', '=', bareUserId(query.user_id));
  if (query.external_id) select = select.where('external_id', '=', query.external_id);
  if (query.address) select = select.where('address_key', 'in', [query.address, query.address.toLowerCase()]);
  // The incumbent's cursor is the last wallet's id: where it stands is read from its row.
  let after: PagePosition | null = null;
  if (query.cursor) {
    const row = await ctx.db
      .selectFrom('server_wallets')
      .select(['created_at', 'id'])
      .where('app_id', '=', appId)
      .where('id', '=', query.cursor)
      .executeTakeFirst();
    if (!row) throw invalid('cursor: no such wallet');
    after = { createdAt: row.created_at, id: row.id };
  }
  const { page, more } = await newestFirst(select, after, limit);
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null };
}
