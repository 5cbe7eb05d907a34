import { routes, serviceApi } from '@latchkey/protocol';
import { type Feature, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';
import { checkReadiness } from './readiness.ts';

/**
 * `GET /` and `GET /health`: the server answers (liveness: load balancers and uptime checks; it
 * touches nothing, so a slow database never gets a live process restarted). `GET /ready`: it can
 * serve (the database answers, its migrations are current), else 503 with the reason.
 */
export const healthFeature: Feature = {
  name: 'health',
  routes: ({ ctx }) => [
    route(serviceApi.root, {
      auth: 'public',
      handler: (c) => c.json({ name: 'latchkey', status: 'ok' }),
    }),
    route(serviceApi.health, {
      auth: 'public',
      handler: (c) => c.json({ status: 'ok' }),
    }),
    route(serviceApi.ready, {
      auth: 'public',
      handler: async (c) => {
        const readiness = await checkReadiness(ctx);
        c.header('cache-control', 'no-store');
        if (readiness.ready) return c.json({ status: 'ready' });
        return c.json({ status: 'not_ready', reason: readiness.reason, detail: readiness.detail }, 503);
      },
    }),
  ],
  fixtures: {
    [`GET ${routes.root}`]: { valid: ok },
    [`GET ${routes.health}`]: { valid: ok },
    [`GET ${routes.ready}`]: { valid: ok },
  },
};
