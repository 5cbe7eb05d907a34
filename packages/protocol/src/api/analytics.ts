import type { EmptyResponse } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

export interface AnalyticsEventRequest {
  event_name: string;
  /** The client analytics id; the server falls back on the `privy-ca-id` header. */
  client_id?: string | null;
  payload?: Record<string, unknown> | null;
}

const analyticsTable = {
  analyticsEvents: { method: 'POST', path: '/api/v1/analytics_events' },
} as const;

/** `POST /api/v1/analytics_events` (WIRE.md §3.1): always answers `{}`, whatever became of the event. */
export const analyticsApi: TypedRoutes<
  typeof analyticsTable,
  { analyticsEvents: { request: AnalyticsEventRequest; response: EmptyResponse } }
> = analyticsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const analyticsReference: ReferenceArea = {
  name: 'Analytics',
  description: 'Client analytics events.',
  tables: [[analyticsApi, 'app']],
};
