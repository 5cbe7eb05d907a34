import { routes } from '@latchkey/protocol';
import { type Feature, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';

/** `GET /` and `GET /health`: the server answers (load balancers and uptime checks). */
export const healthFeature: Feature = {
  name: 'health',
  routes: () => [
    route({
      method: 'GET',
      path: routes.root,
      auth: 'public',
      handler: (c) => c.json({ name: 'latchkey', status: 'ok' }),
    }),
    route({ method: 'GET', path: routes.health, auth: 'public', handler: (c) => c.json({ status: 'ok' }) }),
  ],
  fixtures: { [`GET ${routes.root}`]: { valid: ok }, [`GET ${routes.health}`]: { valid: ok } },
};
