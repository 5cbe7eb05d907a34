import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http/env.ts';
import { unmatchedRoute } from '../metrics/metrics.ts';
import { requestId, requestIdHeader } from './request-id.ts';

/**
 * The route pattern a request matched (`/api/v1/apps/:app_id`), never its raw path: paths carry
 * ids, and a label per id would make the metrics grow without bound. Middleware (`use`) matches
 * as method `ALL`; the last route registered with a method is the handler that answered.
 */
export function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== 'ALL') return route.path;
  }
  return unmatchedRoute;
}

/**
 * First on every request: gives it an id (`x-request-id`, kept from the caller when well-formed,
 * echoed in the answer), and when it is answered writes one access line and counts it in the
 * metrics. The line has the method, route pattern, status, duration, request id and the app's id
 * when a guard resolved it: never the path, the query, headers or bodies, which carry codes and tokens.
 */
export function requestLog(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestId(c.req.header(requestIdHeader));
    c.set('requestId', id);
    try {
      await next();
    } finally {
      // On the finished answer, its own headers take the id: `c.header` would first rebuild the
      // answer (asking `bodyUsed` makes the Node adapter build a full web Response, whose body is
      // then written through a web stream), on every request.
      if (c.finalized) c.res.headers.set(requestIdHeader, id);
      else c.header(requestIdHeader, id);
      const seconds = (performance.now() - started) / 1000;
      const route = routePattern(c);
      const status = c.res.status;
      ctx.metrics.request(c.req.method, route, status, seconds);
      if (ctx.settings.accessLog) {
        const app = c.get('app') as { id: string } | undefined;
        ctx.log.info('request', {
          request_id: id,
          method: c.req.method,
          route,
          status,
          duration_ms: Math.round(seconds * 1e4) / 10,
          ...(app ? { app_id: app.id } : {}),
        });
      }
    }
  };
}
