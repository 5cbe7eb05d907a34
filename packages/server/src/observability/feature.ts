import { routes, serviceApi } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual } from '../crypto/hash.ts';
import { type Feature, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { bearerToken } from '../http/credentials.ts';

/**
 * `GET /metrics`: Prometheus text. Off unless configured, as if no such route existed: the API port
 * faces browsers, and the metrics show traffic by route and login method. With
 * `LATCHKEY_METRICS_TOKEN` the scraper sends it as a bearer token (compared in constant time); with
 * `LATCHKEY_METRICS=true` alone it is open, for a deployment whose proxy keeps `/metrics` inside.
 */
export const observabilityFeature: Feature = {
  name: 'observability',
  routes: ({ ctx }) => [
    route(serviceApi.metrics, {
      auth: 'public',
      handler: async (c) => {
        assertMetricsCaller(ctx, c.req.header('authorization'));
        const { body, contentType } = await ctx.metrics.scrape();
        return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
      },
    }),
  ],
  // Not JSON (the Prometheus text format): hostile requests to it are in observability.security.test.ts.
  fixtures: { [`GET ${routes.metrics}`]: { valid: { status: 404 }, coveredBy: 'observability.security' } },
};

function assertMetricsCaller(ctx: ServerContext, authorization: string | undefined): void {
  const { metrics, metricsToken } = ctx.settings;
  if (metricsToken) {
    const presented = bearerToken(authorization);
    if (!presented || !constantTimeEqual(presented, metricsToken))
      throw new ApiError('missing_or_invalid_token');
    return;
  }
  if (!metrics) throw new ApiError('not_found', 'No route for GET /metrics.');
}
