import { type SqlBool, sql } from 'kysely';
import { type SweepEntry, secondsPerDay } from '../storage/retention.ts';

/**
 * Webhook deliveries finished (delivered or dead-lettered) past the window, their log with them
 * (ON DELETE CASCADE); then the events no delivery waits for any more. A dead letter can be
 * resent until then. The outbox is a foundation table, but what makes an event done with is this
 * feature's: the worker dispatched it (`dispatched_at`) and no delivery of it is pending, so the
 * deliveries go first.
 */
export const webhookSweeps: SweepEntry[] = [
  {
    table: 'webhook_deliveries',
    expired: ({ now, settings }) =>
      sql<SqlBool>`status <> 'pending' and updated_at <= ${now - settings.webhookRetentionDays * secondsPerDay}`,
  },
  {
    table: 'outbox',
    expired: ({ now, settings }) =>
      sql<SqlBool>`dispatched_at is not null and dispatched_at <= ${now - settings.webhookRetentionDays * secondsPerDay}
        and not exists (select 1 from webhook_deliveries d where d.event_id = outbox.id and d.status = 'pending')`,
  },
];
