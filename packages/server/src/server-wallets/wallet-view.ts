import type { AdditionalSigner, ServerWallet, ServerWalletChainType } from '@latchkey/protocol';
import type { Selectable } from 'kysely';
import type { ServerWalletsTable } from './tables.ts';

export type ServerWalletRow = Selectable<ServerWalletsTable>;

/** A wallet as the REST API shows it (`@privy-io/node`'s `Wallet`); never its sealed key. */
export function walletView(row: ServerWalletRow): ServerWallet {
  return {
    id: row.id,
    address: row.address,
    public_key: row.public_key,
    chain_type: row.chain_type as ServerWalletChainType,
    policy_ids: JSON.parse(row.policy_ids) as string[],
    additional_signers: JSON.parse(row.additional_signers) as AdditionalSigner[],
    owner_id: row.owner_id,
    created_at: Number(row.created_at),
    exported_at: row.exported_at === null ? null : Number(row.exported_at),
    imported_at: row.imported_at === null ? null : Number(row.imported_at),
    archived_at: row.archived_at === null ? null : Number(row.archived_at),
    display_name: row.display_name,
    external_id: row.external_id,
  };
}
