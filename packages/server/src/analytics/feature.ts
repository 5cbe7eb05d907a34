import { analyticsApi, routes } from '@latchkey/protocol';
import { z } from 'zod';
import { randomId } from '../crypto/random.ts';
import { type Feature, lenientRoute } from '../feature.ts';
import { always, ok } from '../hostile-fixtures.ts';
import { jsonProblem } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { claimEventPlace } from './event-counts.ts';
import { analyticsSweeps } from './retention.ts';

const eventBody = z.object({
  event_name: z.string().min(1).max(100),
  client_id: z.string().max(100).nullish(),
  payload: z.record(z.string(), z.unknown()).nullish(),
});

const maxPayloadBytes = 8 * 1024;

/**
 * `POST /api/v1/analytics_events`: stored when well-formed, and never fails the caller — a bad
 * body, a full rate bucket (per IP, and per client id), an app at its stored-events cap or a
 * storage error all answer `{}` (the clients ignore the result). Old events are deleted by the
 * retention sweep (storage/retention.ts).
 */
export const analyticsFeature: Feature = {
  name: 'analytics',
  sweeps: analyticsSweeps,
  routes: ({ ctx }) => [
    lenientRoute(analyticsApi.analyticsEvents, {
      auth: 'app',
      schema: eventBody,
      handler: async (c) => {
        try {
          const raw: unknown = await c.req.json().catch(() => null);
          const parsed = eventBody.safeParse(raw);
          // A NUL (a storage error on PostgreSQL) or a body nested too deep to store is just another
          // malformed event.
          if (!parsed.success || jsonProblem(raw) !== null) return c.json({});
          const app = c.get('app');
          const clientId = parsed.data.client_id ?? c.req.header('privy-ca-id')?.slice(0, 100) ?? null;
          await ctx.rateLimits.consume('analyticsIp', clientIp(c, ctx.settings.trustProxy));
          if (clientId) await ctx.rateLimits.consume('analyticsClient', `${app.id}:${clientId}`);
          if (!(await claimEventPlace(ctx.db, app.id, ctx.settings.analyticsMaxEventsPerApp)))
            return c.json({});
          const payload = parsed.data.payload ? JSON.stringify(parsed.data.payload) : null;
          await ctx.db
            .insertInto('analytics_events')
            .values({
              id: randomId(25),
              app_id: app.id,
              event_name: parsed.data.event_name,
              client_id: clientId,
              payload: payload && payload.length <= maxPayloadBytes ? payload : null,
              created_at: ctx.now(),
            })
            .execute();
        } catch (error) {
          if (!(error instanceof Error && error.name === 'ApiError'))
            ctx.log.error('analytics event dropped', { error: String(error) });
        }
        return c.json({});
      },
    }),
  ],
  fixtures: {
    [`POST ${routes.analyticsEvents}`]: {
      body: () => ({ event_name: 'hostile_test', payload: { a: 1 } }),
      valid: ok,
      required: ['event_name'],
      // Never fails the caller, by design: whatever arrives answers 200 {}.
      strings: { event_name: always(ok), client_id: always(ok) },
      bad: ok,
      empty: ok,
    },
  },
};
