import type { FlowTimers } from '../timers.ts';
import { type FundingAnalyticsEvent, onrampCompleted } from './analytics.ts';
import { fundingMessages } from './messages.ts';
import { type Polling, startPolling } from './poller.ts';
import type { MoonpayTransaction } from './status-client.ts';
import { fundingTimings } from './timings.ts';

/**
 * The second card provider's flow (spec document 2 §4 Second-provider on-ramp): the widget opens on
 * the signed URL and from 8 s on the provider's transaction (by `externalTransactionId`) is read
 * every 3 s. Polling stops, with an analytics event, on `failed`, `completed` and
 * `awaitingAuthorization`; `failed` and `serviceFailure` (three non-404 read errors) go back to the
 * chooser with the failure banner. A 404 is not an error: the transaction does not exist until the
 * user has paid.
 */
export type MoonpayOnrampStatus =
  | 'pending'
  | 'waitingAuthorization'
  | 'completed'
  | 'failed'
  | 'serviceFailure'
  | 'awaitingAuthorization';

export interface MoonpayOnrampState {
  status: MoonpayOnrampStatus;
  /** The last transaction read, null while the provider has none (the user is still in the widget). */
  transaction: MoonpayTransaction | null;
  /** Non-404 read errors so far. */
  errors: number;
  /** False once the status is final for the poll (§4). */
  polling: boolean;
  /** Set when the flow went back to the chooser: its banner. */
  errorMessage: string | null;
}

export type MoonpayOnrampEvent =
  | { type: 'polled'; transaction: MoonpayTransaction | undefined }
  | { type: 'poll-failed'; notFound: boolean };

export const initialMoonpayOnramp: MoonpayOnrampState = {
  status: 'pending',
  transaction: null,
  errors: 0,
  polling: true,
  errorMessage: null,
};

const cardPayment = 'credit_debit_card';

/** The provider's status as the flow names it: card payments waiting for authorization are pending (§4). */
function flowStatus(transaction: MoonpayTransaction): MoonpayOnrampStatus {
  switch (transaction.status) {
    case 'completed':
    case 'failed':
    case 'awaitingAuthorization':
      return transaction.status;
    case 'waitingAuthorization':
      return transaction.paymentMethod === cardPayment ? 'pending' : 'waitingAuthorization';
    default: // pending, waitingPayment and any status added later: still under way
      return 'pending';
  }
}

export function moonpayOnrampReducer(
  state: MoonpayOnrampState,
  event: MoonpayOnrampEvent,
): { state: MoonpayOnrampState; track: FundingAnalyticsEvent | null } {
  if (!state.polling) return { state, track: null };
  if (event.type === 'poll-failed') {
    if (event.notFound) return { state, track: null };
    const errors = state.errors + 1;
    if (errors < fundingTimings.moonpayErrorLimit) return { state: { ...state, errors }, track: null };
    return {
      state: {
        ...state,
        errors,
        status: 'serviceFailure',
        polling: false,
        errorMessage: fundingMessages.moonpayFailureBanner,
      },
      track: null,
    };
  }
  if (!event.transaction) return { state, track: null };
  const status = flowStatus(event.transaction);
  const next = { ...state, status, transaction: event.transaction };
  if (status === 'failed') {
    return {
      state: { ...next, polling: false, errorMessage: fundingMessages.moonpayFailureBanner },
      track: onrampCompleted('moonpay', status),
    };
  }
  if (status === 'completed' || status === 'awaitingAuthorization') {
    return { state: { ...next, polling: false }, track: onrampCompleted('moonpay', status) };
  }
  return { state: next, track: null };
}

/**
 * The status screen's three faces (spec document 2 §2: in progress, processing payment, completed)
 * or the chooser. Latchkey's reading: "in progress" while the provider has no transaction yet (the
 * user is in the widget), "processing payment" once it has one that is not done.
 */
export type MoonpayScreen = 'in-progress' | 'processing-payment' | 'completed' | 'chooser';

export function moonpayScreen(state: MoonpayOnrampState): MoonpayScreen {
  if (state.status === 'failed' || state.status === 'serviceFailure') return 'chooser';
  if (state.status === 'completed') return 'completed';
  return state.transaction ? 'processing-payment' : 'in-progress';
}

export interface RunMoonpayOnrampParameters {
  /** Reads the provider's transaction (`readMoonpayTransaction`); rejects with `ProviderStatusError`. */
  readTransaction: () => Promise<MoonpayTransaction | undefined>;
  onState?: ((state: MoonpayOnrampState) => void) | undefined;
  track?: ((event: FundingAnalyticsEvent) => void) | undefined;
  timers?: FlowTimers | undefined;
}

/** Polls once the widget is open (the caller opened it on the signed URL). */
export function runMoonpayOnramp(params: RunMoonpayOnrampParameters): Polling<MoonpayOnrampState> {
  return startPolling<MoonpayOnrampState>({
    initial: initialMoonpayOnramp,
    startMs: fundingTimings.moonpayStartMs,
    everyMs: fundingTimings.moonpayPollMs,
    timers: params.timers,
    done: (state) => !state.polling,
    onState: params.onState,
    read: async (state) => {
      let event: MoonpayOnrampEvent;
      try {
        event = { type: 'polled', transaction: await params.readTransaction() };
      } catch (error) {
        event = { type: 'poll-failed', notFound: (error as { status?: unknown } | null)?.status === 404 };
      }
      const next = moonpayOnrampReducer(state, event);
      if (next.track) params.track?.(next.track);
      return next.state;
    },
  });
}
