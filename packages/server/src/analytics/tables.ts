/**
 * The tables of the analytics feature: the events apps post, and the per-app count that caps them
 * (event-counts.ts). Created by the foundation's migrations (storage/foundation/0001, 0007: they
 * predate feature migrations, and Kysely runs migrations by name, so they stay there); merged into
 * `Database` here.
 */
declare module '../storage/schema.ts' {
  interface Database {
    analytics_events: AnalyticsEventsTable;
    analytics_event_counts: AnalyticsEventCountsTable;
  }
}

export interface AnalyticsEventsTable {
  id: string;
  app_id: string;
  event_name: string;
  client_id: string | null;
  payload: string | null;
  created_at: number;
}

/** Events stored per app, kept under `analyticsMaxEventsPerApp` (see event-counts.ts). */
export interface AnalyticsEventCountsTable {
  app_id: string;
  stored: number;
}
