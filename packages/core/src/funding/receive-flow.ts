import type { FlowTimers } from '../timers.ts';
import { type FundingAnalyticsEvent, onrampCompleted } from './analytics.ts';
import { fundingMessages } from './messages.ts';
import { type Polling, startPolling } from './poller.ts';
import { fundingTimings } from './timings.ts';

/**
 * Receive funds (spec document 2 §2, §4): the wallet's balance is read every 2 s for the wallet
 * card; when a read exceeds the one before, the funds arrived: `funded` turns true (Continue shows)
 * and a success event with the manual provider is sent, once.
 */
export interface ReceiveFundsState {
  /** The last balance read, in base units; null before the first read. */
  balance: bigint | null;
  funded: boolean;
}

export const initialReceiveFunds: ReceiveFundsState = { balance: null, funded: false };

export function receiveFundsReducer(
  state: ReceiveFundsState,
  balance: bigint,
): { state: ReceiveFundsState; track: FundingAnalyticsEvent | null } {
  const grew = state.balance !== null && balance > state.balance;
  if (grew && !state.funded) {
    return { state: { balance, funded: true }, track: onrampCompleted('manual', 'success') };
  }
  return { state: { balance, funded: state.funded }, track: null };
}

export interface RunReceiveFundsParameters {
  /** The wallet's balance of the asset asked for (native or token), in base units. */
  readBalance: () => Promise<bigint>;
  onState?: ((state: ReceiveFundsState) => void) | undefined;
  track?: ((event: FundingAnalyticsEvent) => void) | undefined;
  timers?: FlowTimers | undefined;
}

/** Reads at once (the card shows the balance), then every 2 s until the screen stops it. */
export function runReceiveFunds(params: RunReceiveFundsParameters): Polling<ReceiveFundsState> {
  return startPolling<ReceiveFundsState>({
    initial: initialReceiveFunds,
    startMs: 0,
    everyMs: fundingTimings.receiveBalancePollMs,
    timers: params.timers,
    done: () => false,
    onState: params.onState,
    read: async (state) => {
      let balance: bigint;
      try {
        balance = await params.readBalance();
      } catch {
        return state; // an RPC hiccup: the card keeps the last balance, the next read tries again
      }
      const next = receiveFundsReducer(state, balance);
      if (next.track) params.track?.(next.track);
      return next.state;
    },
  });
}

export interface ReceiveFundsTextsParameters {
  amount: string;
  symbol: string;
  network: string;
  /** The host's `uiConfig.receiveFundsTitle` / `receiveFundsSubtitle`: '' blanks it, undefined keeps the default. */
  title?: string | undefined;
  subtitle?: string | undefined;
}

/** The screen's title, subtitle and notice (§2 defaults; the host may override or blank them). */
export function receiveFundsTexts(params: ReceiveFundsTextsParameters): {
  title: string;
  subtitle: string;
  notice: string;
} {
  return {
    title: params.title ?? fundingMessages.receiveTitle(params.amount, params.symbol),
    subtitle: params.subtitle ?? fundingMessages.receiveSubtitle(params.network),
    notice: fundingMessages.receiveNotice(params.network),
  };
}

/**
 * What the QR code encodes: the address, or for USDC on Solana a Solana Pay link naming the mint
 * (§2: "the Solana USDC form includes the token mint"), so a scanning wallet sends the token, not SOL.
 */
export function receiveQrValue(address: string, solanaUsdcMint?: string | null): string {
  return solanaUsdcMint ? `solana:${address}?spl-token=${solanaUsdcMint}` : address;
}
