import { createTestMint, fundedSigner, type SolanaRpc, startSolanaRpc } from '@latchkey/test/chains';
import { dialects, startTestServer, type TestClient, type TestServer } from '@latchkey/test/server';
import { type PriceStandIn, startPriceStandIn } from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solanaClusters } from '../../src/server-wallets/transactions/chains.ts';

/**
 * `token_price` and `spl_token_info` (spec document 2 §7, §9; REFERENCES §5.4): the built-in tables
 * answer without a call; other prices come from a CoinGecko-shaped source, cached; other mints are
 * read over the cluster's RPC (here the litesvm shim, as devnet). Bad input and an unreachable
 * source are refused, never a 500.
 */

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(async () => {
  await solana?.close();
});

describe.each(dialects)('funding token data (%s)', (dialect) => {
  let t: TestServer;
  let prices: PriceStandIn;
  let client: TestClient;

  beforeAll(async () => {
    prices = await startPriceStandIn();
    t = await startTestServer(dialect, {
      settings: {
        funding: { priceApiUrl: prices.url, priceTtlSeconds: 60 },
        // mainnet-beta's RPC is a closed port: an unreachable RPC is a 502.
        rpcUrls: {
          [solanaClusters.devnet]: solana.url,
          [solanaClusters['mainnet-beta']]: 'http://127.0.0.1:1',
        },
      },
    });
    ({ client } = await t.createApp());
  });
  afterAll(async () => {
    await t.close();
    await prices.close();
  });

  const price = (query: string) =>
    client.request<{ usd?: number; code?: string }>(`/api/v1/token_price${query}`);
  const invalid = { status: 400, body: { code: 'invalid_data' } };

  it('prices USDC and USDT at 1 USD from the table, without a call', async () => {
    const calls = prices.requests.length;
    expect(await price('?chainId=8453&tokenSymbol=USDC')).toMatchObject({ status: 200, body: { usd: 1 } });
    expect(await price('?chainId=1&tokenSymbol=usdt')).toMatchObject({ status: 200, body: { usd: 1 } });
    expect(prices.requests.length).toBe(calls);
  });

  it('prices ETH and SOL (chainId 0) from the source, cached for the TTL', async () => {
    prices.prices.ethereum = 3000;
    expect(await price('?chainId=1&tokenSymbol=ETH')).toMatchObject({ status: 200, body: { usd: 3000 } });
    const calls = prices.requests.length;
    prices.prices.ethereum = 3100;
    expect(await price('?chainId=8453&tokenSymbol=ETH')).toMatchObject({ body: { usd: 3000 } });
    expect(prices.requests.length).toBe(calls);
    t.advance(61);
    expect(await price('?chainId=1&tokenSymbol=ETH')).toMatchObject({ body: { usd: 3100 } });
    expect(prices.requests.at(-1)).toBe('ethereum');
    expect(await price('?chainId=0&tokenSymbol=SOL')).toMatchObject({ status: 200, body: { usd: 150 } });
  });

  it('refuses bad input with invalid_data, and an unreachable source with a 502', async () => {
    for (const query of [
      '',
      '?chainId=1',
      '?tokenSymbol=ETH',
      '?chainId=-1&tokenSymbol=ETH',
      '?chainId=1.5&tokenSymbol=ETH',
      `?chainId=${'9'.repeat(17)}&tokenSymbol=ETH`,
      '?chainId=1&tokenSymbol=ETH%27%20OR%201%3D1',
      `?chainId=1&tokenSymbol=${'A'.repeat(17)}`,
      '?chainId=0&tokenSymbol=ETH',
      '?chainId=1&tokenSymbol=NOPE',
    ])
      expect(await price(query), query).toMatchObject(invalid);
    t.advance(61);
    prices.failNext(429);
    expect(await price('?chainId=1&tokenSymbol=ETH')).toMatchObject({
      status: 502,
      body: { code: 'internal_error' },
    });
    // Without the app's id: refused before anything.
    expect((await t.fetch('/api/v1/token_price?chainId=1&tokenSymbol=USDC')).status).toBeGreaterThanOrEqual(
      400,
    );
  });

  const info = (query: string) => client.request<Record<string, unknown>>(`/api/v1/spl_token_info${query}`);

  it('answers the known mints from the table and others from the cluster’s RPC', async () => {
    expect(await info('?mint_address=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toMatchObject({
      status: 200,
      body: { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', decimals: 6 },
    });
    expect(
      await info('?mint_address=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU&cluster=devnet'),
    ).toMatchObject({
      body: { symbol: 'USDC', decimals: 6 },
    });
    const authority = await fundedSigner(solana);
    const mint = await createTestMint(solana, authority, 7);
    expect(await info(`?mint_address=${mint}&cluster=devnet`)).toMatchObject({
      status: 200,
      body: { address: mint, decimals: 7, symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}` },
    });
    // A wallet is not a mint; an account that does not exist neither.
    expect(await info(`?mint_address=${authority.address}&cluster=devnet`)).toMatchObject(invalid);
    expect(await info('?mint_address=11111111111111111111111111111112&cluster=devnet')).toMatchObject(
      invalid,
    );
    expect(await info(`?mint_address=${mint}`)).toMatchObject({
      status: 502,
      body: { code: 'internal_error', error: 'Unable to fetch token details' },
    });
    // No RPC configured for the cluster: not_supported, naming the setting.
    expect(await info(`?mint_address=${mint}&cluster=testnet`)).toMatchObject({
      status: 400,
      body: { code: 'not_supported' },
    });
    for (const query of [
      '',
      '?mint_address=0xdeadbeef',
      `?mint_address=${mint}&cluster=localnet`,
      `?mint_address=${'1'.repeat(45)}`,
      "?mint_address=EPjF'%20OR%201=1",
    ])
      expect(await info(query), query).toMatchObject(invalid);
  });
});
