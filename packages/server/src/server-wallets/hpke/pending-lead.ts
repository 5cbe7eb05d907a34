import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/env.ts';
import type { ServerWalletsTable } from '../tables.ts';
import { type KeyedChainType, sealWalletKey } from '../wallet-keys.ts';

/*
 * TODO(rebase): stand-ins for the lead's wallet-store.ts, wallet-view.ts and authorize.ts, so this
 * part builds and its tests run before those land on main. Deleted at the rebase; the imports move.
 */

export type ServerWalletRow = Selectable<ServerWalletsTable>;

export async function loadWallet(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  walletId: string,
): Promise<ServerWalletRow> {
  const row = await ctx.db
    .selectFrom('server_wallets')
    .selectAll()
    .where('app_id', '=', appId)
    .where('id', '=', walletId)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'Wallet not found.');
  return row;
}

export function walletView(row: ServerWalletRow) {
  return {
    id: row.id,
    address: row.address,
    chain_type: row.chain_type,
    policy_ids: JSON.parse(row.policy_ids) as string[],
    additional_signers: JSON.parse(row.additional_signers) as { signer_id: string }[],
    owner_id: row.owner_id,
    created_at: row.created_at,
    exported_at: row.exported_at,
    imported_at: row.imported_at,
  };
}

export async function walletsOfUser(
  _ctx: Pick<ServerContext, 'db'>,
  _appId: string,
  _userId: string,
): Promise<ServerWalletRow[]> {
  return [];
}

export interface Authorized {
  policyIds: string[];
  by: string;
}

/** Stand-in: an owned wallet is refused (the lead's authorize.ts checks the owner's signatures). */
export async function authorizeRequest(
  _ctx: Pick<ServerContext, 'db' | 'settings'>,
  c: Context<AppEnv>,
  resource: { appId: string; ownerId: string | null; policyIds: string[] },
): Promise<Authorized> {
  if (resource.ownerId === null) return { policyIds: resource.policyIds, by: 'app' };
  if (c.req.header('privy-authorization-signature') === 'test-owner-signed')
    return { policyIds: resource.policyIds, by: 'owner' };
  throw new ApiError('invalid_credentials', 'owner signature needed', { status: 401 });
}

export async function createServerWallet(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  appId: string,
  input: { chain_type: string },
  imported: { privateKey: Uint8Array },
): Promise<ServerWalletRow> {
  const id = randomId();
  const chainType = input.chain_type as KeyedChainType;
  const { address, sealed } = await sealWalletKey(ctx, appId, id, chainType, imported.privateKey);
  const now = ctx.now() * 1000;
  const row: ServerWalletRow = {
    id,
    app_id: appId,
    chain_type: chainType,
    address,
    address_key: chainType === 'ethereum' ? address.toLowerCase() : address,
    owner_id: null,
    policy_ids: '[]',
    additional_signers: '[]',
    display_name: null,
    external_id: null,
    key_sealed: sealed,
    created_at: now,
    exported_at: null,
    imported_at: now,
    archived_at: null,
  };
  await ctx.db.insertInto('server_wallets').values(row).execute();
  return row;
}
