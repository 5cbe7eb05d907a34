import { solanaClusterChains } from '@latchkey/protocol';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ChainThresholds } from '../../settings.ts';

/**
 * Chains by CAIP-2 id (REFERENCES §1.8): `eip155:<chain id>` for EVM chains; for Solana the first
 * 32 characters of the cluster's genesis hash (mainnet-beta, devnet, testnet below; a local
 * validator or the test shim by its own `getGenesisHash`).
 */
export const solanaClusters = solanaClusterChains;

export type ParsedCaip2 =
  | { namespace: 'eip155'; chainId: number }
  | { namespace: 'solana'; reference: string };

/** A CAIP-2 id as the API takes it; null when it is not one of an EVM chain or a Solana cluster. */
export function parseCaip2(value: string): ParsedCaip2 | null {
  const eip155 = /^eip155:([1-9]\d{0,15})$/.exec(value);
  if (eip155) return { namespace: 'eip155', chainId: Number(eip155[1]) };
  const solana = /^solana:([1-9A-HJ-NP-Za-km-z]{32,44})$/.exec(value);
  if (solana) return { namespace: 'solana', reference: solana[1]! };
  return null;
}

/** The CAIP-2 id of a Solana cluster from its genesis hash (CAIP-30: its first 32 characters). */
export const solanaCaip2 = (genesisHash: string) => `solana:${genesisHash.slice(0, 32)}`;

/** The RPC URL the server has for `caip2` (`LATCHKEY_RPC_URLS`), or null. */
export function serverRpcUrl(ctx: Pick<ServerContext, 'settings'>, caip2: string): string | null {
  const urls = ctx.settings.rpcUrls;
  const parsed = parseCaip2(caip2);
  // Settings given in code (tests, embedders) may still key EVM chains by bare id.
  return urls[caip2] ?? (parsed?.namespace === 'eip155' ? urls[String(parsed.chainId)] : undefined) ?? null;
}

/**
 * The JSON-RPC URL for an app's wallets on `caip2`: the app's `rpc_urls` entry, else the server's
 * `LATCHKEY_RPC_URLS`. Refused with `not_supported` (naming the setting) when neither has one.
 */
export async function rpcUrlFor(
  ctx: Pick<ServerContext, 'settings' | 'apps'>,
  appId: string,
  caip2: string,
): Promise<string> {
  if (!parseCaip2(caip2))
    throw new ApiError(
      'invalid_data',
      `Invalid caip2 "${caip2.slice(0, 80)}": expected eip155:<chain id> or solana:<genesis hash>.`,
    );
  const app = await ctx.apps.load(appId);
  const own = (app?.settings as unknown as { rpc_urls?: Record<string, string> | null } | undefined)
    ?.rpc_urls;
  const url = own?.[caip2] ?? serverRpcUrl(ctx, caip2);
  if (!url)
    throw new ApiError(
      'not_supported',
      `No RPC endpoint for ${caip2}: set it in LATCHKEY_RPC_URLS (e.g. {"${caip2}":"https://…"}) or in the app's rpc_urls setting.`,
    );
  return url;
}

/** Block times of the chains whose thresholds are not the EVM default (seconds): L2s and local nodes. */
const fastEvmChains = new Set([10, 8453, 84532, 42161, 421614, 11155420, 137, 80002, 56, 97, 130, 480, 1868]);
const localEvmChains = new Set([31337, 1337]);

/**
 * Thresholds of the chain watcher, unless `LATCHKEY_CHAIN_THRESHOLDS` says otherwise (docs/server-wallet-transactions.md):
 * - EVM mainnets (12 s blocks): still pending after 5 min, never failed by time (only when dropped);
 * - fast EVM chains (L2s, Polygon, BSC): still pending after 1 min, failed after 10 min;
 * - local nodes (31337, 1337): still pending after 10 s, failed after 60 s;
 * - Solana: still pending after 30 s, failed after 2 min (a blockhash lives about 60–90 s);
 * confirmations 1, and a send unknown to its node (nonce unused) for 60 s (local: 3 s) is dropped.
 */
export function chainThresholds(ctx: Pick<ServerContext, 'settings'>, caip2: string): ChainThresholds {
  const parsed = parseCaip2(caip2);
  const minute = 60_000;
  let base: ChainThresholds = {
    stillPendingAfterMs: 5 * minute,
    failAfterMs: null,
    confirmations: 1,
    droppedAfterMs: minute,
  };
  if (parsed?.namespace === 'solana')
    base = { stillPendingAfterMs: 30_000, failAfterMs: 2 * minute, confirmations: 1, droppedAfterMs: minute };
  else if (parsed && localEvmChains.has(parsed.chainId))
    base = { stillPendingAfterMs: 10_000, failAfterMs: minute, confirmations: 1, droppedAfterMs: 3_000 };
  else if (parsed && fastEvmChains.has(parsed.chainId))
    base = {
      stillPendingAfterMs: minute,
      failAfterMs: 10 * minute,
      confirmations: 1,
      droppedAfterMs: minute,
    };
  return { ...base, ...ctx.settings.chainThresholds[caip2] };
}

/** The chain names of the incumbent's history and balance APIs, by CAIP-2 id. */
const chainNames: Record<string, string> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'bsc',
  'eip155:137': 'polygon',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum',
  'eip155:43114': 'avalanche',
  'eip155:59144': 'linea',
  'eip155:11155111': 'sepolia',
  'eip155:84532': 'base_sepolia',
  'eip155:421614': 'arbitrum_sepolia',
  'eip155:11155420': 'optimism_sepolia',
  'eip155:80002': 'polygon_amoy',
  'eip155:97': 'bsc_testnet',
  'eip155:43113': 'avalanche_fuji',
  [solanaClusters['mainnet-beta']]: 'solana',
  [solanaClusters.devnet]: 'solana_devnet',
  [solanaClusters.testnet]: 'solana_testnet',
};

/** The chain's name (`base`), or its CAIP-2 id when it has none (a local chain). */
export const chainName = (caip2: string): string => chainNames[caip2] ?? caip2;

/** The CAIP-2 id of a chain name or id as `?chain=` takes it; null when unknown. */
export function caip2OfChain(chain: string): string | null {
  if (parseCaip2(chain)) return chain;
  for (const [caip2, name] of Object.entries(chainNames)) if (name === chain) return caip2;
  return null;
}

/** The native coin of a chain: its asset name and decimals. */
export function nativeAsset(caip2: string): { asset: string; decimals: number } {
  if (caip2.startsWith('solana:')) return { asset: 'sol', decimals: 9 };
  const id = Number(caip2.slice('eip155:'.length));
  if (id === 137 || id === 80002) return { asset: 'pol', decimals: 18 };
  if (id === 56 || id === 97) return { asset: 'bnb', decimals: 18 };
  if (id === 43114 || id === 43113) return { asset: 'avax', decimals: 18 };
  return { asset: 'eth', decimals: 18 };
}

/** `raw` in whole units, as display values show it (`{eth: "0.01"}`). */
export function displayValue(raw: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const whole = raw / unit;
  const fraction = (raw % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
