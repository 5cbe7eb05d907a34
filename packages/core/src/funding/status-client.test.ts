import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyApiError } from '../errors.ts';
import { createHttpClient } from '../http/createHttpClient.ts';
import { ProviderStatusError, readCoinbaseOnrampStatus, readMoonpayTransaction } from './status-client.ts';

/** A stand-in of both status APIs on 127.0.0.1: the Latchkey route and the provider's. */
let server: Server;
let origin: string;
const seen: { url: string; authorization: string | undefined }[] = [];

function answer(req: IncomingMessage): [number, unknown] {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/v1/funding/coinbase_on_ramp/status') {
    const who = url.searchParams.get('partnerUserId');
    if (who === 'pu/1 ok') return [200, { status: 'success' }];
    return [400, { error: 'Invalid partner user', code: 'invalid_data' }];
  }
  const ext = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname);
  if (ext) {
    if (url.searchParams.get('apiKey') !== 'pk_test_1') return [401, { message: 'Invalid API key' }];
    const id = decodeURIComponent(ext[1] ?? '');
    if (id === 'ext-done')
      return [200, [{ status: 'completed', paymentMethod: 'credit_debit_card' }, { status: 'failed' }]];
    if (id === 'ext-empty') return [200, []];
    if (id === 'ext-object') return [200, { status: 'completed' }];
    if (id === 'ext-broken') return [200, 'not json'];
    return [404, { message: 'Transaction not found' }];
  }
  return [404, {}];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const [status, body] = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === 'not json' ? '{not json' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Spec document 2 §7.
describe('readCoinbaseOnrampStatus', () => {
  const http = () =>
    createHttpClient({
      apiUrl: origin,
      appId: 'a'.repeat(25),
      getAccessToken: () => 'user-token',
      delay: async () => {},
    });

  it('reads the Latchkey route with the partner user, as the user', async () => {
    expect(await readCoinbaseOnrampStatus(http(), 'pu/1 ok')).toBe('success');
    expect(seen.at(-1)).toEqual({
      url: '/api/v1/funding/coinbase_on_ramp/status?partnerUserId=pu%2F1%20ok',
      authorization: 'Bearer user-token',
    });
  });

  it('passes on a refusal', async () => {
    await expect(readCoinbaseOnrampStatus(http(), 'someone')).rejects.toBeInstanceOf(LatchkeyApiError);
  });
});

describe('readMoonpayTransaction', () => {
  const read = (transactionId: string, extra: Partial<Parameters<typeof readMoonpayTransaction>[0]> = {}) =>
    readMoonpayTransaction({
      transactionId,
      apiKey: 'pk_test_1',
      host: origin,
      delay: async () => {},
      ...extra,
    });

  it('reads the first transaction of the list, with the publishable key', async () => {
    expect(await read('ext-done')).toEqual({ status: 'completed', paymentMethod: 'credit_debit_card' });
    expect(seen.at(-1)?.url).toBe('/v1/transactions/ext/ext-done?apiKey=pk_test_1');
  });

  it.each([
    ['an empty list', 'ext-empty'],
    ['a body that is not a list', 'ext-object'],
  ])('answers undefined for %s', async (_name, id) => {
    expect(await read(id)).toBeUndefined();
  });

  it.each([
    ['unknown (no transaction yet)', 'ext-unknown', {}, 404],
    ['a wrong key', 'ext-done', { apiKey: 'pk_wrong' }, 401],
    ['a broken body', 'ext-broken', {}, 200],
  ])('throws ProviderStatusError for %s, with the status', async (_name, id, extra, status) => {
    const error = await read(id, extra).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderStatusError);
    expect(error).toMatchObject({ status, code: 'failed_to_fetch_moonpay_transaction_status' });
  });

  it('sends again after a network failure, 3 times, 500 ms apart', async () => {
    const waits: number[] = [];
    let failures = 3;
    const flaky: typeof fetch = (input, init) => {
      if (failures-- > 0) return Promise.reject(new TypeError('fetch failed'));
      return fetch(input, init);
    };
    expect(await read('ext-done', { fetch: flaky, delay: async (ms) => void waits.push(ms) })).toMatchObject({
      status: 'completed',
    });
    expect(waits).toEqual([500, 500, 500]);
  });

  it('gives up after the third retry, with no status', async () => {
    let calls = 0;
    const down: typeof fetch = () => {
      calls++;
      return Promise.reject(new TypeError('fetch failed'));
    };
    const error = await read('ext-done', { fetch: down }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderStatusError);
    expect(error).toMatchObject({ status: null });
    expect(calls).toBe(4);
  });

  it('does not retry an HTTP error: the flow counts it', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    await read('ext-unknown', { fetch: counting }).catch(() => {});
    expect(calls).toBe(1);
  });
});
