import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers.ts';
import type { FundingAnalyticsEvent } from './analytics.ts';
import {
  initialMoonpayOnramp,
  type MoonpayOnrampState,
  moonpayOnrampReducer,
  moonpayScreen,
  runMoonpayOnramp,
} from './moonpay-flow.ts';
import { type MoonpayTransaction, ProviderStatusError } from './status-client.ts';

const banner =
  'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.';
const tx = (status: string, paymentMethod = 'credit_debit_card'): MoonpayTransaction => ({
  status,
  paymentMethod,
});
const notFound = () => new ProviderStatusError('ext-1', 404);
const serverError = () => new ProviderStatusError('ext-1', 500);

function start(answers: (MoonpayTransaction | undefined | Error)[]) {
  const reads: number[] = [];
  const tracked: FundingAnalyticsEvent[] = [];
  const polling = runMoonpayOnramp({
    timers: createTimers(),
    track: (event) => tracked.push(event),
    readTransaction: async () => {
      reads.push(Date.now());
      const answer = answers[Math.min(reads.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return { polling, reads, tracked };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

// Spec document 2 §4 Second-provider on-ramp, §9 timings.
describe('runMoonpayOnramp', () => {
  it('reads at 8 s then every 3 s and stops on completed, with the event', async () => {
    const { polling, reads, tracked } = start([notFound(), tx('pending'), tx('completed')]);
    await vi.advanceTimersByTimeAsync(7999);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(moonpayScreen(polling.state)).toBe('in-progress'); // 404: nothing bought yet
    await vi.advanceTimersByTimeAsync(3000);
    expect(moonpayScreen(polling.state)).toBe('processing-payment');
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads).toEqual([8000, 11000, 14000]);
    const last = await polling.finished;
    expect(last).toMatchObject({ status: 'completed', polling: false, errorMessage: null, errors: 0 });
    expect(moonpayScreen(last)).toBe('completed');
    expect(tracked).toEqual([
      {
        name: 'sdk_fiat_on_ramp_completed_with_status',
        payload: { provider: 'moonpay', status: 'completed' },
      },
    ]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toHaveLength(3);
  });

  it('ends in serviceFailure after three non-404 errors, 404s not counted', async () => {
    const { polling, reads, tracked } = start([
      serverError(),
      notFound(),
      new ProviderStatusError('ext-1', null),
      serverError(),
    ]);
    await vi.advanceTimersByTimeAsync(8000 + 3000 * 3);
    const last = await polling.finished;
    expect(reads).toHaveLength(4);
    expect(last).toMatchObject({ status: 'serviceFailure', errors: 3, polling: false, errorMessage: banner });
    expect(moonpayScreen(last)).toBe('chooser');
    expect(tracked).toEqual([]);
  });

  it('goes back to the chooser with the banner on failed', async () => {
    const { polling, tracked } = start([tx('failed')]);
    await vi.advanceTimersByTimeAsync(8000);
    expect(await polling.finished).toMatchObject({ status: 'failed', errorMessage: banner });
    expect(tracked.at(-1)?.payload).toEqual({ provider: 'moonpay', status: 'failed' });
  });

  it('stops on awaitingAuthorization, still on the status screen', async () => {
    const { polling, reads, tracked } = start([tx('awaitingAuthorization')]);
    await vi.advanceTimersByTimeAsync(20_000);
    const last = await polling.finished;
    expect(reads).toHaveLength(1);
    expect(last).toMatchObject({ status: 'awaitingAuthorization', polling: false, errorMessage: null });
    expect(moonpayScreen(last)).toBe('processing-payment');
    expect(tracked.at(-1)?.payload).toEqual({ provider: 'moonpay', status: 'awaitingAuthorization' });
  });
});

describe('moonpayOnrampReducer', () => {
  it.each([
    [tx('pending'), 'pending'],
    [tx('waitingPayment'), 'pending'],
    [tx('waitingAuthorization'), 'pending'], // a card payment: pending (§4)
    [tx('waitingAuthorization', 'sepa_bank_transfer'), 'waitingAuthorization'],
    [tx('completed'), 'completed'],
    [tx('failed'), 'failed'],
    [tx('awaitingAuthorization'), 'awaitingAuthorization'],
  ])('%j → %s', (transaction, status) => {
    expect(moonpayOnrampReducer(initialMoonpayOnramp, { type: 'polled', transaction }).state.status).toBe(
      status,
    );
  });

  it('keeps the state when the provider lists no transaction yet', () => {
    expect(moonpayOnrampReducer(initialMoonpayOnramp, { type: 'polled', transaction: undefined })).toEqual({
      state: initialMoonpayOnramp,
      track: null,
    });
  });

  it('ignores reads once polling ended', () => {
    const ended: MoonpayOnrampState = { ...initialMoonpayOnramp, status: 'completed', polling: false };
    expect(moonpayOnrampReducer(ended, { type: 'polled', transaction: tx('failed') }).state).toBe(ended);
  });
});
