import type { SplTokenInfoReply } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { tokenProgramIds } from '../server-wallets/policies/solana-fields.ts';
import { rpcUrlFor, solanaClusters } from '../server-wallets/transactions/chains.ts';

export type SolanaClusterName = keyof typeof solanaClusters;

/** The mints funding knows without a call (spec document 2 §9: USDC on mainnet-beta and devnet, none on testnet). */
const knownMints: Record<SolanaClusterName, Record<string, Omit<SplTokenInfoReply, 'address'>>> = {
  'mainnet-beta': {
    EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: 'USDC', decimals: 6, name: 'USD Coin' },
    Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: { symbol: 'USDT', decimals: 6, name: 'USDT' },
    So11111111111111111111111111111111111111112: { symbol: 'SOL', decimals: 9, name: 'Wrapped SOL' },
  },
  devnet: {
    '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': { symbol: 'USDC', decimals: 6, name: 'USD Coin' },
    So11111111111111111111111111111111111111112: { symbol: 'SOL', decimals: 9, name: 'Wrapped SOL' },
  },
  testnet: {
    So11111111111111111111111111111111111111112: { symbol: 'SOL', decimals: 9, name: 'Wrapped SOL' },
  },
};

// The mint layout: mint authority (4 + 32 bytes), supply (8), then decimals and is_initialized.
const decimalsOffset = 44;
const mintSize = 82;

/**
 * A mint's token data: from the table, else its account read over the cluster's RPC (the app's
 * `rpc_urls`, else `LATCHKEY_RPC_URLS`, by the cluster's CAIP-2 id). Such a mint has no symbol on
 * chain without a metadata program: it is named by its address's ends, as explorers do.
 */
export async function splTokenInfo(
  ctx: ServerContext,
  appId: string,
  mint: string,
  cluster: SolanaClusterName,
): Promise<SplTokenInfoReply> {
  const known = knownMints[cluster][mint];
  if (known) return { address: mint, ...known };
  const url = await rpcUrlFor(ctx, appId, solanaClusters[cluster]);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getAccountInfo',
      params: [mint, { encoding: 'base64', commitment: 'confirmed' }],
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const json = response?.ok
    ? ((await response.json().catch(() => null)) as {
        result?: { value: { owner?: string; data?: [string, string] } | null };
      } | null)
    : null;
  if (!json?.result) {
    ctx.log.error('spl token info rpc failed', { cluster, status: response?.status ?? null });
    throw new ApiError('internal_error', 'Unable to fetch token details', { status: 502 });
  }
  const account = json.result.value;
  const data = account?.data?.[0] ? Buffer.from(account.data[0], 'base64') : null;
  if (
    !account ||
    !tokenProgramIds.has(account.owner ?? '') ||
    !data ||
    data.length < mintSize ||
    data[45] !== 1
  )
    throw new ApiError('invalid_data', 'The address is not an SPL token mint on this cluster.');
  return { address: mint, symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`, decimals: data[decimalsOffset]! };
}
