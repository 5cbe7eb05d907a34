import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers.ts';
import {
  bridgeRefundUrl,
  bridgeStatusReducer,
  initialBridge,
  readRelayStatus,
  runBridgeStatus,
} from './bridge-flow.ts';

const failure = {
  status: 'failure',
  failure: {
    title: 'Transaction failed',
    message: 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
    refundUrl: 'https://relay.link/transaction/0xh',
  },
};

// Spec document 2 §4 Funding progress / Bridge to Solana; REFERENCES §5.3.
describe('bridgeStatusReducer', () => {
  it.each([
    ['waiting', initialBridge],
    ['pending', initialBridge],
    ['delayed', initialBridge],
    ['something new', initialBridge],
    ['success', { status: 'success', failure: null }],
    ['refund', failure],
    ['failure', failure],
  ])('%s → %j', (status, next) => {
    expect(bridgeStatusReducer(initialBridge, status, 'https://relay.link/transaction/0xh')).toEqual(next);
  });

  it('links to the testnets site for a testnet', () => {
    expect(bridgeRefundUrl('0xh', true)).toBe('https://testnets.relay.link/transaction/0xh');
    expect(
      bridgeRefundUrl('0xh', false, { relayApp: 'http://127.0.0.1:9', relayTestnetApp: 'http://x' }),
    ).toBe('http://127.0.0.1:9/transaction/0xh');
  });
});

describe('runBridgeStatus', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads at once and every 1 s until success; an unanswered read is read again', async () => {
    vi.useFakeTimers({ now: 0 });
    const answers: (string | Error)[] = ['waiting', new Error('offline'), 'pending', 'success'];
    const reads: number[] = [];
    const polling = runBridgeStatus({
      hash: '0xh',
      testnet: false,
      timers: createTimers(),
      readStatus: async () => {
        reads.push(Date.now());
        const answer = answers[reads.length - 1] as string | Error;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toEqual([0, 1000, 2000, 3000]);
    expect(await polling.finished).toEqual({ status: 'success', failure: null });
  });
});

describe('readRelayStatus', () => {
  let server: Server;
  let host: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const hash = new URL(req.url ?? '/', 'http://x').searchParams.get('hash');
      const body =
        hash === '0xdone'
          ? { requests: [{ status: 'success' }, { status: 'failure' }] }
          : hash === '0xnew'
            ? { requests: [] }
            : null;
      res.writeHead(body ? 200 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { message: 'boom' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("reads the first request's status, pending when there is none yet", async () => {
    expect(await readRelayStatus({ hash: '0xdone', host })).toBe('success');
    expect(await readRelayStatus({ hash: '0xnew', host })).toBe('pending');
  });

  it('throws on an HTTP error', async () => {
    await expect(readRelayStatus({ hash: '0xboom', host })).rejects.toThrow(
      'The bridge answered 500 for 0xboom',
    );
  });
});
