/**
 * The per-app count of stored analytics events, which caps what an app may store; the feature's
 * retention sweep (feature.ts) recounts after deleting old events.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/**
 * Takes a place for one more stored event of the app, or returns false when the app already has
 * `max` (the event is then dropped). One upsert that only increments below the cap, so racing
 * posts cannot overshoot it. The count drifts only upward (an insert that fails after it), and the
 * retention sweep sets it back to the truth (`recountStoredEvents`).
 */
export async function claimEventPlace(db: Kysely<Database>, appId: string, max: number): Promise<boolean> {
  const row = await db
    .insertInto('analytics_event_counts')
    .values({ app_id: appId, stored: 1 })
    .onConflict((oc) =>
      oc
        .column('app_id')
        .doUpdateSet((eb) => ({ stored: eb('analytics_event_counts.stored', '+', 1) }))
        .where('analytics_event_counts.stored', '<', max),
    )
    .returning('stored')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets every app's count to the events it really has (after the sweep deleted old ones). */
export async function recountStoredEvents(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('analytics_event_counts')
    .set((eb) => ({
      stored: eb
        .selectFrom('analytics_events')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('analytics_events.app_id', '=', 'analytics_event_counts.app_id'),
    }))
    .execute();
}
