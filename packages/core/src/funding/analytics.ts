/**
 * The funding flows' analytics events (spec document 2 §7): the flows return them and the caller
 * sends them with `trackEvent`, so the state machines stay pure and their tests read them directly.
 */
export const fundingEventNames = {
  started: 'sdk_fiat_on_ramp_started',
  completed: 'sdk_fiat_on_ramp_completed_with_status',
} as const;

/** Who moved the funds: a card provider, or 'manual' for funds the user sent to Receive funds (§4). */
export type FundingEventProvider = 'coinbase' | 'moonpay' | 'manual';

export interface FundingAnalyticsEvent {
  name: (typeof fundingEventNames)[keyof typeof fundingEventNames];
  payload: Record<string, unknown>;
}

/** What `sdk_fiat_on_ramp_started` carries (§7: provider, value, chainType, chainId). */
export interface OnrampStartedContext {
  value: string;
  chainType: 'ethereum' | 'solana';
  chainId: number | string;
}

export function onrampStarted(
  provider: FundingEventProvider,
  context: OnrampStartedContext,
): FundingAnalyticsEvent {
  return { name: fundingEventNames.started, payload: { provider, ...context } };
}

/**
 * `sdk_fiat_on_ramp_completed_with_status` with the provider's outcome. The spec names the event,
 * not its fields: `{provider, status}` is Latchkey's reading.
 */
export function onrampCompleted(provider: FundingEventProvider, status: string): FundingAnalyticsEvent {
  return { name: fundingEventNames.completed, payload: { provider, status } };
}
