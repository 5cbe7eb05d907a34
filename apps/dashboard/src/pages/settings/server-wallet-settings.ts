/**
 * The Server wallets section's `registered_assets` as rows (ERC-20 tokens and SPL mints), with the
 * server's checks said as a row is typed. (`rpc_urls` is a map: components/map-rows.ts.)
 */

export type AssetType = 'erc20' | 'spl';
export const assetTypes: readonly AssetType[] = ['erc20', 'spl'];

export interface AssetRow {
  caip2: string;
  type: AssetType;
  address?: string;
  mint?: string;
}

/** Where an asset of `type` keeps its id: an ERC-20 token's address, an SPL mint. */
export const idField = (type: AssetType) => (type === 'erc20' ? 'address' : 'mint');

/** The row as another type: its id moved to that type's field, the chain's namespace suggested. */
export function withType(row: AssetRow, type: AssetType): AssetRow {
  const id = row[idField(row.type)] ?? '';
  const caip2 =
    row.caip2 === '' || row.caip2 === blankAsset(row.type).caip2 ? blankAsset(type).caip2 : row.caip2;
  return { caip2, type, [idField(type)]: id };
}

export const blankAsset = (type: AssetType = 'erc20'): AssetRow =>
  type === 'erc20' ? { caip2: 'eip155:', type, address: '' } : { caip2: 'solana:', type, mint: '' };

/** What the server would refuse in a row, in its words; null when nothing. */
export function assetProblem(row: AssetRow): string | null {
  const namespace = row.type === 'erc20' ? /^eip155:[1-9]\d{0,15}$/ : /^solana:[1-9A-HJ-NP-Za-km-z]{32,44}$/;
  if (!namespace.test(row.caip2))
    return row.type === 'erc20'
      ? 'an erc20 asset is on an EVM chain: caip2 must be eip155:<chain id>'
      : 'an spl asset is on a Solana cluster: caip2 must be solana:<genesis hash prefix>';
  const id = row[idField(row.type)] ?? '';
  if (row.type === 'erc20' && !/^0x[0-9a-fA-F]{40}$/.test(id))
    return 'the address must be 0x and 40 hex digits';
  if (row.type === 'spl' && !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(id))
    return 'the mint must be a base58 address';
  return null;
}
