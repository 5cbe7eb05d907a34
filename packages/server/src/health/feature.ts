import { routes, serviceApi } from '@latchkey/protocol';
import { type Feature, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { checkReadiness } from './readiness.ts';
import { rootPage } from './root-page.ts';

/**
 * `GET /` and `GET /health`: the server answers (liveness: load balancers and uptime checks; it
 * touches nothing, so a slow database never gets a live process restarted). `GET /ready`: it can
 * serve (the database answers, its migrations are current), else 503 with the reason. `GET /` names
 * the dashboard too, as a link for a browser.
 */
export const healthFeature: Feature = {
  name: 'health',
  routes: ({ ctx }) => [
    route(serviceApi.root, {
      auth: 'public',
      handler: (c) => {
        const dashboard = `${serverOrigin(ctx.settings)}/dashboard`;
        // A person who opens the server's address in a browser is looking for the dashboard.
        if (c.req.header('accept')?.includes('text/html')) return c.html(rootPage(dashboard));
        return c.json({ name: 'latchkey', status: 'ok', dashboard });
      },
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
