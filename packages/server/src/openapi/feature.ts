import { routes, serviceApi } from '@latchkey/protocol';
import { openApiDocument } from '@latchkey/protocol/openapi';
import { z } from 'zod';
import { type Feature, type Route, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';

/**
 * `GET /openapi.json`: the OpenAPI 3.1 reference, generated from the route contract in
 * `@latchkey/protocol` (methods, paths, areas, auth) with the request bodies of this server's own
 * validators (their JSON Schema), so the reference cannot drift from what the server accepts.
 */
export const openApiFeature: Feature = {
  name: 'openapi',
  routes: ({ ctx, declaredRoutes }) => {
    let document: string | null = null;
    return [
      route(serviceApi.openApi, {
        auth: 'public',
        handler: (c) => {
          document ??= JSON.stringify(
            openApiDocument({
              serverUrl: ctx.settings.publicUrl,
              requestBodies: requestBodies(declaredRoutes?.() ?? []),
            }),
          );
          return c.body(document, 200, { 'content-type': 'application/json' });
        },
      }),
    ];
  },
  fixtures: { [`GET ${routes.openApi}`]: { valid: ok } },
};

/** The JSON Schema of each route's body, as the caller sends it; a schema JSON Schema cannot say is left open. */
export function requestBodies(declared: Route[]): Record<string, Record<string, unknown>> {
  const bodies: Record<string, Record<string, unknown>> = {};
  for (const r of declared) {
    if (!r.body) continue;
    try {
      const { $schema: _, ...schema } = z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' });
      bodies[`${r.method} ${r.path}`] = schema;
    } catch {
      bodies[`${r.method} ${r.path}`] = { type: 'object' };
    }
  }
  return bodies;
}
