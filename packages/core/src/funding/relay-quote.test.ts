import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRelayQuote, relaySolana } from './relay-quote.ts';

/** The bridge's stand-in on 127.0.0.1: a quote per recipient. */
let server: Server;
let host: string;
const bodies: Record<string, unknown>[] = [];
const step = { from: '0xuser', to: '0xrelay', value: '1000', chainId: 1, data: '0x' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      const reply: [number, unknown] =
        body.recipient === 'bad'
          ? [400, { message: 'Invalid address bad' }]
          : body.recipient === 'down'
            ? [502, 'gateway']
            : body.recipient === 'empty'
              ? [200, { steps: [] }]
              : [200, { steps: [{ items: [{ status: 'incomplete', data: step }] }] }];
      res.writeHead(reply[0], { 'content-type': 'application/json' });
      res.end(typeof reply[1] === 'string' ? reply[1] : JSON.stringify(reply[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request = (recipient: string) => ({
  amount: '1000000000',
  user: '0xuser',
  recipient,
  originChainId: 1,
  destinationChainId: relaySolana.chainId,
  destinationCurrency: relaySolana.sol,
});

// REFERENCES §5.3; spec document 2 §8 bridge messages.
describe('fetchRelayQuote', () => {
  it('asks for an exact output, the origin currency native by default, and returns the first step', async () => {
    expect(await fetchRelayQuote({ host, request: request('So1') })).toEqual(step);
    expect(bodies.at(-1)).toEqual({
      tradeType: 'EXPECTED_OUTPUT',
      originCurrency: '0x0000000000000000000000000000000000000000',
      destinationCurrency: '11111111111111111111111111111111',
      amount: '1000000000',
      user: '0xuser',
      recipient: 'So1',
      originChainId: 1,
      destinationChainId: 792703809,
    });
  });

  it.each([
    ['bad', 'Invalid address bad'],
    ['down', 'Unable to fetch quotes for bridging.'],
    ['empty', 'Unable to select bridge option from quotes.'],
  ])('recipient %s: %s', async (recipient, message) => {
    await expect(fetchRelayQuote({ host, request: request(recipient) })).rejects.toThrow(message);
  });
});
