import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoonpayStandIn, startMoonpayStandIn } from './moonpay-stand-in.ts';

/**
 * The funding screens read MoonPay's transaction status from the browser (the demo's origin), so the
 * stand-in's status route must be readable cross-origin, like MoonPay's own API: without the header
 * every read fails in the browser and the flow ends on its service failure after three of them.
 */
describe('the MoonPay stand-in’s transaction status', () => {
  let moonpay: MoonpayStandIn;
  beforeAll(async () => {
    moonpay = await startMoonpayStandIn();
  });
  afterAll(() => moonpay.close());

  const read = (apiKey: string) =>
    fetch(`${moonpay.url}/v1/transactions/ext/no-such-id?apiKey=${apiKey}`, {
      headers: { accept: 'application/json', origin: 'http://127.0.0.1:5173' },
    });

  it('answers any origin, the 404 of a transaction not yet made included', async () => {
    const res = await read(moonpay.publishableKey);
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ message: 'Transaction not found', type: 'NotFoundError' });
  });

  it('answers another key 401, readable too', async () => {
    const res = await read('pk_test_other');
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
