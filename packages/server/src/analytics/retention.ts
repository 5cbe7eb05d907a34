import { type SqlBool, sql } from 'kysely';
import { type SweepEntry, secondsPerDay } from '../storage/retention.ts';
import { recountStoredEvents } from './event-counts.ts';

/** Events older than the retention window; then every app's count is set back to what it stores. */
export const analyticsSweeps: SweepEntry[] = [
  {
    table: 'analytics_events',
    expired: ({ now, settings }) =>
      sql<SqlBool>`created_at <= ${now - settings.analyticsRetentionDays * secondsPerDay}`,
    after: recountStoredEvents,
  },
];
