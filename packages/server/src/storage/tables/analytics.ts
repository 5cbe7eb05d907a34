/**
 * The tables of the analytics feature (analytics/): the events apps post, and the per-app count
 * that caps them (analytics-counts.ts). Created by the foundation's migrations; part of `Database`.
 */
export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
  analytics_event_counts: AnalyticsEventCountsTable;
}

export interface AnalyticsEventsTable {
  id: string;
  app_id: string;
  event_name: string;
  client_id: string | null;
  payload: string | null;
  created_at: number;
}

/** Events stored per app, kept under `analyticsMaxEventsPerApp` (see storage/analytics-counts.ts). */
export interface AnalyticsEventCountsTable {
  app_id: string;
  stored: number;
}
