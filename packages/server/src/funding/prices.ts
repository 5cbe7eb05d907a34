import { ApiError } from '../http/api-error.ts';

/** Where a token's USD price comes from; null when the source does not know the token. */
export interface PriceSource {
  priceUsd(chainId: number, symbol: string): Promise<number | null>;
}

/** Stablecoins the funding screens show at par, on every chain: no call for them (spec document 2 §9). */
const stablecoins = new Set(['USDC', 'USDT']);

/** The built-in table: USDC and USDT are 1 USD. */
export const builtInPrices: PriceSource = {
  priceUsd: async (_chainId, symbol) => (stablecoins.has(symbol.toUpperCase()) ? 1 : null),
};

/**
 * CoinGecko's ids of the native tokens funding deals in. Keyed by symbol, not chain: ETH is ETH on
 * every rollup. Anything else is not priced (the client shows no USD value).
 */
const coinGeckoIds: Record<string, string> = {
  ETH: 'ethereum',
  SOL: 'solana',
  POL: 'polygon-ecosystem-token',
  MATIC: 'polygon-ecosystem-token',
  AVAX: 'avalanche-2',
  CELO: 'celo',
  BNB: 'binancecoin',
  BTC: 'bitcoin',
};

/**
 * A price API in CoinGecko's shape (`GET {api}/simple/price?ids=…&vs_currencies=usd` →
 * `{id: {usd}}`), each price reused for `ttlSeconds`. The cache is keyed by the fixed id list above,
 * so it cannot grow with what callers ask.
 */
export function coinGeckoPrices(options: {
  apiUrl: string;
  ttlSeconds: number;
  now: () => number;
  log: (message: string, fields: Record<string, unknown>) => void;
}): PriceSource {
  const cache = new Map<string, { usd: number; at: number }>();
  return {
    async priceUsd(_chainId, symbol) {
      const id = coinGeckoIds[symbol.toUpperCase()];
      if (!id) return null;
      const cached = cache.get(id);
      if (cached && options.now() - cached.at < options.ttlSeconds) return cached.usd;
      const url = new URL(`${options.apiUrl}/simple/price`);
      url.searchParams.set('ids', id);
      url.searchParams.set('vs_currencies', 'usd');
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      const json = response?.ok
        ? ((await response.json().catch(() => null)) as Record<string, { usd?: unknown }> | null)
        : null;
      const usd = json?.[id]?.usd;
      if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
        options.log('price source failed', { id, status: response?.status ?? null });
        throw new ApiError('internal_error', 'The token price is unavailable. Try again later.', {
          status: 502,
        });
      }
      cache.set(id, { usd, at: options.now() });
      return usd;
    },
  };
}

/** The sources in order: the first that knows the token answers. */
export const firstOf = (...sources: PriceSource[]): PriceSource => ({
  async priceUsd(chainId, symbol) {
    for (const source of sources) {
      const usd = await source.priceUsd(chainId, symbol);
      if (usd !== null) return usd;
    }
    return null;
  },
});
