import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/createHttpClient.ts';
import {
  createCoinbaseOnrampSession,
  fetchSplTokenInfo,
  fetchTokenPrice,
  signMoonpayOnramp,
  solPriceChainId,
} from './server-calls.ts';

/** A Latchkey server stand-in on 127.0.0.1 that echoes what each funding route received. */
let server: Server;
let origin: string;
const received: { method: string; url: string; body: unknown; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: text ? JSON.parse(text) : undefined,
        authorization: req.headers.authorization,
      });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const replies: Record<string, unknown> = {
        '/api/v1/funding/coinbase_on_ramp/init': {
          app_id: 'cdp',
          session_token: 'tok',
          partner_user_id: 'pu',
        },
        '/api/v1/plugins/moonpay_on_ramp/sign': {
          signedUrl: 'https://buy.example/?signature=s',
          externalTransactionId: 'ext',
        },
        '/api/v1/token_price': { usd: 151.25 },
        '/api/v1/spl_token_info': { address: 'mint', symbol: 'BONK', decimals: 5 },
      };
      res.writeHead(replies[path] ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(replies[path] ?? { error: 'Not found', code: 'invalid_data' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const http = () =>
  createHttpClient({ apiUrl: origin, appId: 'a'.repeat(25), getAccessToken: () => 'user-token' });

// Spec document 2 §7.
describe('the funding routes', () => {
  it('asks for a first-provider session with the addresses and assets', async () => {
    const request = { addresses: [{ address: '0xabc', blockchains: ['base'] }], assets: ['USDC'] };
    expect(await createCoinbaseOnrampSession(http(), request)).toEqual({
      app_id: 'cdp',
      session_token: 'tok',
      partner_user_id: 'pu',
    });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/funding/coinbase_on_ramp/init',
      body: request,
      authorization: 'Bearer user-token',
    });
  });

  it('asks the server to sign the second provider’s URL', async () => {
    const request = { address: '0xabc', useSandbox: true, config: { currencyCode: 'eth_base' } };
    expect(await signMoonpayOnramp(http(), request)).toEqual({
      signedUrl: 'https://buy.example/?signature=s',
      externalTransactionId: 'ext',
    });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/plugins/moonpay_on_ramp/sign',
      body: request,
    });
  });

  it('reads a price, SOL with chain id 0', async () => {
    expect(await fetchTokenPrice(http(), solPriceChainId, 'SOL')).toBe(151.25);
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/token_price?chainId=0&tokenSymbol=SOL',
    });
  });

  it('reads an SPL mint’s data on a cluster', async () => {
    expect(await fetchSplTokenInfo(http(), 'mint', 'devnet')).toEqual({
      address: 'mint',
      symbol: 'BONK',
      decimals: 5,
    });
    expect(received.at(-1)).toMatchObject({ url: '/api/v1/spl_token_info?mint_address=mint&cluster=devnet' });
  });
});
