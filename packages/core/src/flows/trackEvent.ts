import { analyticsApi } from '@latchkey/protocol';
import type { FlowContext } from './context.ts';

/**
 * Sends an analytics event (`POST /api/v1/analytics_events`) with `payload.clientTimestamp`.
 * Never retried, never refreshes the session, never throws: analytics must not break a flow.
 *
 * @example
 * await trackEvent(ctx, 'sdk_initialize', { clientId: 'web' });
 */
export async function trackEvent(
  ctx: Pick<FlowContext, 'http' | 'session'> & { getAnalyticsId(): Promise<string | null> },
  eventName: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  try {
    const clientId = await ctx.getAnalyticsId().catch(() => null);
    await ctx.http.call(
      analyticsApi.analyticsEvents,
      {
        event_name: eventName,
        client_id: clientId ?? undefined,
        payload: { ...payload, clientTimestamp: new Date().toISOString() },
      },
      { token: ctx.session.tokens.privyAccessToken ?? ctx.session.tokens.token, retry: false },
    );
  } catch {
    // Failures are ignored (spec document 2 §7).
  }
}
