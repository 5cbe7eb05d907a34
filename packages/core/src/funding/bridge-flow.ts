import type { FlowTimers } from '../timers.ts';
import { defaultFundingHosts, type FundingHosts } from './hosts.ts';
import { fundingMessages } from './messages.ts';
import { type Polling, startPolling } from './poller.ts';
import { fundingTimings } from './timings.ts';

/**
 * The bridge's status after the source-chain transaction was mined (spec document 2 §4 Funding
 * progress; REFERENCES §5.3): read every 1 s while the bridge says `waiting`, `pending` or `delayed`
 * (or anything it may add); `success` ends it; `refund` and `failure` end it on 'Transaction failed'
 * with a link to the bridge's page of the transaction, where the refund shows.
 */
export type BridgeStatus = 'pending' | 'success' | 'failure';

export interface BridgeState {
  status: BridgeStatus;
  /** The failure screen's texts and refund link. */
  failure: { title: string; message: string; refundUrl: string } | null;
}

export const initialBridge: BridgeState = { status: 'pending', failure: null };

/** The bridge's page of `hash` (mainnets or testnets site). */
export function bridgeRefundUrl(
  hash: string,
  testnet: boolean,
  hosts: Pick<FundingHosts, 'relayApp' | 'relayTestnetApp'> = defaultFundingHosts,
): string {
  return new URL(`/transaction/${encodeURIComponent(hash)}`, testnet ? hosts.relayTestnetApp : hosts.relayApp)
    .href;
}

export function bridgeStatusReducer(state: BridgeState, relayStatus: string, refundUrl: string): BridgeState {
  if (state.status !== 'pending') return state;
  if (relayStatus === 'success') return { status: 'success', failure: null };
  if (relayStatus === 'refund' || relayStatus === 'failure') {
    return {
      status: 'failure',
      failure: { title: fundingMessages.bridgeFailedTitle, message: fundingMessages.bridgeFailed, refundUrl },
    };
  }
  return state;
}

export interface RunBridgeStatusParameters {
  /** The source-chain transaction's hash. */
  hash: string;
  testnet: boolean;
  /** The bridge's status of the hash (`readRelayStatus`). */
  readStatus: (hash: string) => Promise<string>;
  hosts?: Pick<FundingHosts, 'relayApp' | 'relayTestnetApp'> | undefined;
  onState?: ((state: BridgeState) => void) | undefined;
  timers?: FlowTimers | undefined;
}

export function runBridgeStatus(params: RunBridgeStatusParameters): Polling<BridgeState> {
  const refundUrl = bridgeRefundUrl(params.hash, params.testnet, params.hosts);
  return startPolling<BridgeState>({
    initial: initialBridge,
    startMs: 0,
    everyMs: fundingTimings.bridgePollMs,
    timers: params.timers,
    done: (state) => state.status !== 'pending',
    onState: params.onState,
    read: async (state) => {
      try {
        return bridgeStatusReducer(state, await params.readStatus(params.hash), refundUrl);
      } catch {
        return state; // an unanswered read is not the bridge's verdict: read again in 1 s
      }
    },
  });
}

export interface ReadRelayStatusParameters {
  hash: string;
  /** `FundingHosts.relayApi` or `relayTestnetApi`. */
  host: string;
  fetch?: typeof fetch | undefined;
}

/** `GET {host}/requests/v2?hash=`: the first request's status, `pending` when the bridge has none yet. */
export async function readRelayStatus({
  hash,
  host,
  fetch: fetchFn = (input, init) => globalThis.fetch(input, init),
}: ReadRelayStatusParameters): Promise<string> {
  const url = new URL('/requests/v2', host);
  url.searchParams.set('hash', hash);
  const response = await fetchFn(url.href, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The bridge answered ${response.status} for ${hash}`);
  const body = (await response.json()) as { requests?: { status?: unknown }[] } | null;
  const status = body?.requests?.[0]?.status;
  return typeof status === 'string' ? status : 'pending';
}
