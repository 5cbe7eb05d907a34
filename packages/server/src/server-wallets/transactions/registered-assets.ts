import { base58 } from '@scure/base';
import { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { parseCaip2 } from './chains.ts';

/**
 * The assets an app registers (`registered_assets`): beside native coins, the ERC-20 tokens and SPL
 * mints whose transfers to and from its server wallets the chain watcher announces
 * (`wallet.funds_deposited` / `wallet.funds_withdrawn`) and records in their history.
 */
export type RegisteredAsset =
  | { caip2: string; type: 'erc20'; address: string }
  | { caip2: string; type: 'spl'; mint: string };

/** At most this many per app: each is one more address in every `eth_getLogs` and token-account scan. */
export const maxRegisteredAssets = 50;

const isMint = (value: string) => {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false;
  try {
    return base58.decode(value).length === 32;
  } catch {
    return false;
  }
};

const erc20Asset = z
  .object({
    caip2: z
      .string()
      .max(60)
      .refine(
        (caip2) => parseCaip2(caip2)?.namespace === 'eip155',
        'an erc20 asset is on an EVM chain: caip2 must be eip155:<chain id>',
      ),
    type: z.literal('erc20'),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address of 40 hex digits'),
  })
  .strict();

const splAsset = z
  .object({
    caip2: z
      .string()
      .max(60)
      .refine(
        (caip2) => parseCaip2(caip2)?.namespace === 'solana',
        'an spl asset is on a Solana cluster: caip2 must be solana:<genesis hash prefix>',
      ),
    type: z.literal('spl'),
    mint: z.string().max(60).refine(isMint, 'must be a base58 mint address (32 bytes)'),
  })
  .strict();

/** The key an asset is matched by: an EVM address in lower case, a mint as it is. */
export const assetKey = (asset: RegisteredAsset): string =>
  asset.type === 'erc20' ? asset.address.toLowerCase() : asset.mint;

/** `registered_assets`: null (none) or up to 50 distinct assets, each in its chain's namespace. */
export const registeredAssetsSetting = z
  .array(
    z.discriminatedUnion('type', [erc20Asset, splAsset], {
      error: "each asset must be {caip2, type: 'erc20', address} or {caip2, type: 'spl', mint}",
    }),
  )
  .max(maxRegisteredAssets, `at most ${maxRegisteredAssets} assets`)
  .superRefine((assets, check) => {
    const seen = new Set<string>();
    for (const [index, asset] of assets.entries()) {
      const key = `${asset.caip2} ${assetKey(asset)}`;
      if (seen.has(key)) check.addIssue({ code: 'custom', path: [index], message: 'is listed twice' });
      seen.add(key);
    }
  })
  .nullable();

/** An app's registered assets (validated when set, so read as they are). */
export function appRegisteredAssets(settings: unknown): RegisteredAsset[] {
  const list = (settings as { registered_assets?: RegisteredAsset[] | null } | undefined)?.registered_assets;
  return Array.isArray(list) ? list : [];
}

/**
 * The assets of one type that apps registered on `caip2`, each with the apps that registered it
 * (by `assetKey`). Apps come from the app cache, so a change is seen within its few seconds.
 */
export async function registeredOn(
  ctx: Pick<ServerContext, 'db' | 'apps'>,
  caip2: string,
  type: RegisteredAsset['type'],
): Promise<Map<string, Set<string>>> {
  const byAsset = new Map<string, Set<string>>();
  const rows = await ctx.db.selectFrom('apps').select('id').execute();
  for (const { id } of rows) {
    const app = await ctx.apps.load(id);
    for (const asset of appRegisteredAssets(app?.settings))
      if (asset.caip2 === caip2 && asset.type === type) {
        const key = assetKey(asset);
        byAsset.set(key, (byAsset.get(key) ?? new Set()).add(id));
      }
  }
  return byAsset;
}
