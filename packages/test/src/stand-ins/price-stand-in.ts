import type { IncomingMessage, ServerResponse } from 'node:http';
import { idleClosingServer, json } from './stand-in-http.ts';

export interface PriceStandIn {
  /** Give the server this as `funding.priceApiUrl`. */
  url: string;
  /** USD prices by CoinGecko id; change them to see the cache at work. */
  prices: Record<string, number>;
  /** The ids of each request, in order. */
  requests: string[];
  /** Answers the next request with this HTTP status (a rate limit, an outage). */
  failNext(status: number): void;
  close(): Promise<void>;
}

/**
 * CoinGecko's `GET /simple/price?ids=a,b&vs_currencies=usd` → `{a: {usd}, b: {usd}}` on loopback,
 * ids it does not know left out (as CoinGecko does). Unref'd; closes itself after `idleMs`.
 */
export async function startPriceStandIn(
  options: { prices?: Record<string, number>; idleMs?: number } = {},
): Promise<PriceStandIn> {
  const prices: Record<string, number> = { ethereum: 3000, solana: 150, ...options.prices };
  const requests: string[] = [];
  const failures: number[] = [];
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' || url.pathname !== '/simple/price')
      return json(res, 404, { error: 'Not found' });
    const ids = url.searchParams.get('ids') ?? '';
    requests.push(ids);
    const failure = failures.shift();
    if (failure)
      return json(res, failure, { status: { error_code: failure, error_message: 'Stand-in failure' } });
    if (url.searchParams.get('vs_currencies') !== 'usd')
      return json(res, 400, { error: 'Missing parameter vs_currencies' });
    const body: Record<string, { usd: number }> = {};
    for (const id of ids.split(',')) {
      const usd = prices[id];
      if (usd !== undefined) body[id] = { usd };
    }
    return json(res, 200, body);
  }
  const server = await idleClosingServer(handle, options.idleMs ?? 10 * 60_000);
  return {
    url: server.url,
    prices,
    requests,
    failNext: (status) => failures.push(status),
    close: server.close,
  };
}
