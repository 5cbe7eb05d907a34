import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers.ts';
import type { FundingAnalyticsEvent } from './analytics.ts';
import {
  initialReceiveFunds,
  receiveFundsReducer,
  receiveFundsTexts,
  receiveQrValue,
  runReceiveFunds,
} from './receive-flow.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

// Spec document 2 §2 Receive funds, §4, §9 (balance poll 2 s).
describe('runReceiveFunds', () => {
  it('reads the balance at once and every 2 s; Continue and one event once it grows', async () => {
    const balances: (bigint | Error)[] = [5n, 5n, new Error('rpc down'), 7n, 9n];
    const reads: number[] = [];
    const tracked: FundingAnalyticsEvent[] = [];
    const polling = runReceiveFunds({
      timers: createTimers(),
      track: (event) => tracked.push(event),
      readBalance: async () => {
        reads.push(Date.now());
        const answer = balances[Math.min(reads.length - 1, balances.length - 1)] as bigint | Error;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(polling.state).toEqual({ balance: 5n, funded: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(polling.state).toEqual({ balance: 5n, funded: false });
    await vi.advanceTimersByTimeAsync(2000); // the failed read keeps the last balance
    expect(polling.state).toEqual({ balance: 5n, funded: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(polling.state).toEqual({ balance: 7n, funded: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(polling.state).toEqual({ balance: 9n, funded: true });
    expect(reads).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(tracked).toEqual([
      { name: 'sdk_fiat_on_ramp_completed_with_status', payload: { provider: 'manual', status: 'success' } },
    ]);
    polling.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toHaveLength(5);
  });
});

describe('receiveFundsReducer', () => {
  it('takes the first read as the baseline, and a fall is not funding', () => {
    const first = receiveFundsReducer(initialReceiveFunds, 10n);
    expect(first).toEqual({ state: { balance: 10n, funded: false }, track: null });
    expect(receiveFundsReducer(first.state, 4n)).toEqual({
      state: { balance: 4n, funded: false },
      track: null,
    });
  });
});

describe('receiveFundsTexts', () => {
  it('has the spec’s defaults', () => {
    expect(receiveFundsTexts({ amount: '0.1', symbol: 'ETH', network: 'Base' })).toEqual({
      title: 'Receive 0.1 ETH',
      subtitle: 'Scan this code or copy your wallet address to receive funds on Base.',
      notice: 'Make sure to send funds on Base.',
    });
  });

  it('lets the host override or blank the title and subtitle', () => {
    expect(
      receiveFundsTexts({ amount: '1', symbol: 'USDC', network: 'Solana', title: 'Top up', subtitle: '' }),
    ).toMatchObject({ title: 'Top up', subtitle: '' });
  });
});

describe('receiveQrValue', () => {
  it('is the address, or a Solana Pay link with the USDC mint', () => {
    expect(receiveQrValue('0xabc')).toBe('0xabc');
    expect(receiveQrValue('So1111', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      'solana:So1111?spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    );
  });
});
