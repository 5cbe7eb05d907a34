import type { OnrampStatus } from '@latchkey/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers.ts';
import type { FundingAnalyticsEvent } from './analytics.ts';
import {
  type CoinbaseOnrampState,
  coinbaseOnrampReducer,
  type FundingPopup,
  runCoinbaseOnramp,
} from './coinbase-flow.ts';

const context = { value: '0.1', chainType: 'ethereum' as const, chainId: 8453 };
const session = { app_id: 'cdp', session_token: 'tok', partner_user_id: 'pu-1' };
const banner = 'Something went wrong adding funds. Please try again or use another method.';

/** A popup the test closes by hand (`closed = true`), as the user would. */
interface FakePopup extends FundingPopup {
  url: string | null;
  closed: boolean;
}

function fakePopup(): FakePopup {
  return {
    url: null,
    closed: false,
    navigate(url) {
      this.url = url;
    },
    close() {
      this.closed = true;
    },
  };
}

/** A flow whose status reads answer from `answers` (one per read; the last repeats). */
function start(answers: (OnrampStatus | Error)[], popup: FakePopup | null = fakePopup()) {
  const states: CoinbaseOnrampState[] = [];
  const tracked: FundingAnalyticsEvent[] = [];
  const reads: number[] = [];
  const flow = runCoinbaseOnramp({
    popup,
    context,
    createSession: async () => session,
    buyUrl: (s) => new URL(`https://pay.example/buy?sessionToken=${s.session_token}`),
    readStatus: async (partnerUserId) => {
      expect(partnerUserId).toBe('pu-1');
      reads.push(Date.now());
      const answer = answers[Math.min(reads.length - 1, answers.length - 1)] as OnrampStatus | Error;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onState: (state) => states.push(state),
    track: (event) => tracked.push(event),
    timers: createTimers(),
  });
  return { flow, states, tracked, reads, popup };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

// Spec document 2 §4 First-provider card on-ramp, §9 timings.
describe('runCoinbaseOnramp', () => {
  it('opens the buy page, reads at 5 s then every 1.5 s, ends on success', async () => {
    const { flow, states, tracked, reads, popup } = start(['pending', 'pending', 'success']);
    await vi.advanceTimersByTimeAsync(0);
    expect(popup?.url).toBe('https://pay.example/buy?sessionToken=tok');
    expect(flow.state).toEqual({ step: 'status', status: 'pending-in-flow', closedPolls: 0 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 1500 * 2);
    expect(reads).toEqual([5000, 6500, 8000]);
    expect(await flow.finished).toEqual({ step: 'success' });
    expect(states.at(-1)).toEqual({ step: 'success' });
    expect(tracked).toEqual([
      { name: 'sdk_fiat_on_ramp_started', payload: { provider: 'coinbase', ...context } },
      {
        name: 'sdk_fiat_on_ramp_completed_with_status',
        payload: { provider: 'coinbase', status: 'success' },
      },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toHaveLength(3); // no read after the end
  });

  it('goes back to the chooser, without a banner, after 3 reads with the popup closed', async () => {
    const { flow, states, tracked, reads, popup } = start(['pending']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(flow.state).toMatchObject({ status: 'pending-in-flow', closedPolls: 0 });
    if (popup) popup.closed = true;
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state).toEqual({ step: 'status', status: 'pending-after-flow', closedPolls: 1 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state).toMatchObject({ closedPolls: 2 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(await flow.finished).toEqual({ step: 'chooser', errorMessage: null, error: null });
    expect(reads).toHaveLength(4);
    expect(states.map((s) => s.step)).toEqual(['status', 'status', 'status', 'status', 'chooser']);
    expect(tracked.map((e) => e.name)).toEqual(['sdk_fiat_on_ramp_started']);
  });

  it.each([
    ['a failure status', ['failure'] as (OnrampStatus | Error)[]],
    ['a failed read', [new Error('offline')]],
  ])('goes back to the chooser with the banner after %s', async (_name, answers) => {
    const { flow, tracked, popup } = start(answers);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await flow.finished).toEqual({
      step: 'chooser',
      errorMessage: banner,
      error: 'There was an error completing Coinbase Onramp flow.',
    });
    expect(popup?.closed).toBe(true);
    expect(tracked.at(-1)).toEqual({
      name: 'sdk_fiat_on_ramp_completed_with_status',
      payload: { provider: 'coinbase', status: 'failure' },
    });
  });

  it("fails with 'Unable to initialize flow' when the popup did not open", async () => {
    const { flow, reads } = start(['success'], null);
    expect(await flow.finished).toEqual({
      step: 'chooser',
      errorMessage: banner,
      error: 'Unable to initialize flow',
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toEqual([]);
  });

  it('closes the popup and fails when the server makes no session', async () => {
    const popup = fakePopup();
    const flow = runCoinbaseOnramp({
      popup,
      context,
      createSession: async () => {
        throw new Error('no CDP key');
      },
      buyUrl: () => new URL('https://pay.example'),
      readStatus: async () => 'success',
    });
    expect(await flow.finished).toMatchObject({
      step: 'chooser',
      error: 'There was an error completing Coinbase Onramp flow.',
    });
    expect(popup.closed).toBe(true);
    expect(popup.url).toBeNull();
  });

  it('reads nothing more once stopped (the modal closed)', async () => {
    const { flow, reads } = start(['pending']);
    await vi.advanceTimersByTimeAsync(5000);
    flow.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toHaveLength(1);
    expect(await flow.finished).toMatchObject({ step: 'status' });
  });
});

describe('coinbaseOnrampReducer', () => {
  it('ignores events in final states and before the page opened', () => {
    const final: CoinbaseOnrampState[] = [
      { step: 'success' },
      { step: 'chooser', errorMessage: null, error: null },
    ];
    for (const state of final) {
      expect(
        coinbaseOnrampReducer(state, { type: 'polled', status: 'failure', popupClosed: true }, context),
      ).toEqual({
        state,
        track: null,
      });
    }
    const starting: CoinbaseOnrampState = { step: 'starting' };
    expect(coinbaseOnrampReducer(starting, { type: 'poll-failed' }, context)).toEqual({
      state: starting,
      track: null,
    });
  });

  it('keeps counting closed polls across a reopened read', () => {
    const after = coinbaseOnrampReducer(
      { step: 'status', status: 'pending-after-flow', closedPolls: 2 },
      { type: 'polled', status: 'pending', popupClosed: false },
      context,
    );
    expect(after.state).toEqual({ step: 'status', status: 'pending-in-flow', closedPolls: 2 });
  });
});
