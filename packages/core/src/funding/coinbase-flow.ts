import type { CoinbaseOnrampInitReply, OnrampStatus } from '@latchkey/protocol';
import type { FlowTimers } from '../timers.ts';
import {
  type FundingAnalyticsEvent,
  type OnrampStartedContext,
  onrampCompleted,
  onrampStarted,
} from './analytics.ts';
import { fundingMessages } from './messages.ts';
import { type Polling, startPolling } from './poller.ts';
import { fundingTimings } from './timings.ts';

/**
 * The first card provider's flow (spec document 2 §4 First-provider card on-ramp): start opens a
 * popup, the server makes a session, the popup goes to the buy page and the modal to the status
 * screen ('Fund account'); from 5 s on the status is read every 1.5 s. While the popup is open the
 * purchase is pending-in-flow; once it is closed each pending read counts, and after 3 the user is
 * back at the chooser (they closed it without buying). Success ends on the success screen; a
 * failure status or an exception goes back to the chooser with the failure banner and a failure event.
 */
export type CoinbaseOnrampState =
  | { step: 'starting' }
  | { step: 'status'; status: 'pending-in-flow' | 'pending-after-flow'; closedPolls: number }
  | { step: 'success' }
  /** Back at the chooser: `errorMessage` is its banner, `error` what the developer's onError gets. */
  | { step: 'chooser'; errorMessage: string | null; error: string | null };

export type CoinbaseOnrampEvent =
  /** The buy page is open in the popup. */
  | { type: 'opened' }
  /** The popup could not open, or the server made no session. */
  | { type: 'start-failed'; reason: 'popup' | 'session' }
  | { type: 'polled'; status: OnrampStatus; popupClosed: boolean }
  | { type: 'poll-failed' };

export interface CoinbaseOnrampTransition {
  state: CoinbaseOnrampState;
  /** The analytics event this step sends, if any. */
  track: FundingAnalyticsEvent | null;
}

const failed = (error: string): CoinbaseOnrampTransition => ({
  state: { step: 'chooser', errorMessage: fundingMessages.coinbaseFailureBanner, error },
  track: onrampCompleted('coinbase', 'failure'),
});

/** The state machine, pure: the state after `event` and the event to track. */
export function coinbaseOnrampReducer(
  state: CoinbaseOnrampState,
  event: CoinbaseOnrampEvent,
  context: OnrampStartedContext,
): CoinbaseOnrampTransition {
  const same = { state, track: null };
  if (state.step === 'starting') {
    if (event.type === 'opened') {
      return {
        state: { step: 'status', status: 'pending-in-flow', closedPolls: 0 },
        track: onrampStarted('coinbase', context),
      };
    }
    if (event.type === 'start-failed') {
      return failed(
        event.reason === 'popup' ? fundingMessages.popupBlocked : fundingMessages.coinbaseFlowError,
      );
    }
    return same;
  }
  if (state.step !== 'status') return same; // success and chooser are final
  if (event.type === 'poll-failed') return failed(fundingMessages.coinbaseFlowError);
  if (event.type !== 'polled') return same;
  if (event.status === 'success')
    return { state: { step: 'success' }, track: onrampCompleted('coinbase', 'success') };
  if (event.status === 'failure') return failed(fundingMessages.coinbaseFlowError);
  if (!event.popupClosed) return { state: { ...state, status: 'pending-in-flow' }, track: null };
  const closedPolls = state.closedPolls + 1;
  if (closedPolls >= fundingTimings.coinbaseClosedPollLimit) {
    // Closed without buying: back to the choice, no banner (nothing failed).
    return { state: { step: 'chooser', errorMessage: null, error: null }, track: null };
  }
  return { state: { step: 'status', status: 'pending-after-flow', closedPolls }, track: null };
}

/** The popup, as the flow needs it: opened by the click (so no blocker stops it), pointed later. */
export interface FundingPopup {
  readonly closed: boolean;
  navigate(url: string): void;
  close(): void;
}

export interface RunCoinbaseOnrampParameters {
  /** The popup the click opened (blank), or null when the browser refused it. */
  popup: FundingPopup | null;
  /** `funding/coinbase_on_ramp/init` for the address. */
  createSession: () => Promise<CoinbaseOnrampInitReply>;
  /** The buy page for the session (`coinbaseBuyUrl`). */
  buyUrl: (session: CoinbaseOnrampInitReply) => URL;
  /** `funding/coinbase_on_ramp/status` for the session's partner user. */
  readStatus: (partnerUserId: string) => Promise<OnrampStatus>;
  context: OnrampStartedContext;
  onState?: ((state: CoinbaseOnrampState) => void) | undefined;
  track?: ((event: FundingAnalyticsEvent) => void) | undefined;
  timers?: FlowTimers | undefined;
}

export interface CoinbaseOnramp {
  readonly state: CoinbaseOnrampState;
  /** The final state: success, or the chooser (with or without a banner). */
  readonly finished: Promise<CoinbaseOnrampState>;
  /** The modal closed: no more reads. */
  stop(): void;
}

/**
 * Runs the flow: session, buy page, polling. The screens show `onState`'s states; the caller sends
 * `track`'s events.
 */
export function runCoinbaseOnramp(params: RunCoinbaseOnrampParameters): CoinbaseOnramp {
  let state: CoinbaseOnrampState = { step: 'starting' };
  let polling: Polling<CoinbaseOnrampState> | null = null;
  let stopped = false;
  const apply = (event: CoinbaseOnrampEvent): CoinbaseOnrampState => {
    const next = coinbaseOnrampReducer(state, event, params.context);
    state = next.state;
    if (next.track) params.track?.(next.track);
    return state;
  };
  // Not `params.onState?.(apply(event))`: an optional call skips its argument, and so the step.
  const emit = (event: CoinbaseOnrampEvent) => {
    const next = apply(event);
    params.onState?.(next);
  };

  const finished = (async (): Promise<CoinbaseOnrampState> => {
    const popup = params.popup;
    if (!popup) {
      emit({ type: 'start-failed', reason: 'popup' });
      return state;
    }
    let session: CoinbaseOnrampInitReply;
    try {
      session = await params.createSession();
      popup.navigate(params.buyUrl(session).href);
    } catch {
      popup.close();
      emit({ type: 'start-failed', reason: 'session' });
      return state;
    }
    if (stopped) return state;
    emit({ type: 'opened' });
    polling = startPolling<CoinbaseOnrampState>({
      initial: state,
      startMs: fundingTimings.coinbaseStartMs,
      everyMs: fundingTimings.coinbasePollMs,
      timers: params.timers,
      done: (current) => current.step !== 'status',
      onState: params.onState,
      read: async () => {
        let event: CoinbaseOnrampEvent;
        try {
          const status = await params.readStatus(session.partner_user_id);
          event = { type: 'polled', status, popupClosed: popup.closed };
        } catch {
          event = { type: 'poll-failed' };
        }
        // Stopped while reading: the answer is dropped, no event is tracked.
        return stopped ? state : apply(event);
      },
    });
    const last = await polling.finished;
    if (last.step === 'chooser' && last.error) popup.close();
    return last;
  })();

  return {
    get state() {
      return state;
    },
    finished,
    stop() {
      stopped = true;
      polling?.stop();
    },
  };
}
