import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/** The webhook feature's tables (tables.ts), and the outbox's order column. */
export const webhookMigrations: Record<string, Migration> = {
  '0014_webhooks': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      // Events of one second need a stable order: a sequence on PostgreSQL; on SQLite the rowid,
      // copied by a trigger (ALTER TABLE cannot add an autoincrement column there).
      if (postgres) await sql`alter table outbox add column seq bigserial`.execute(db);
      else {
        await sql`alter table outbox add column seq integer`.execute(db);
        await sql`update outbox set seq = rowid`.execute(db);
        await sql`create trigger outbox_seq after insert on outbox when new.seq is null
          begin update outbox set seq = new.rowid where rowid = new.rowid; end`.execute(db);
      }
      // When the worker fanned the event out to the endpoints (a column of its own: the legacy
      // `delivered_at` keeps what it held). Events written before there were endpoints have no one
      // to go to: dispatched as of their creation.
      await db.schema.alterTable('outbox').addColumn('dispatched_at', 'bigint').execute();
      await sql`update outbox set dispatched_at = created_at`.execute(db);
      await db.schema
        .createIndex('outbox_undispatched')
        .on('outbox')
        .columns(['dispatched_at', 'seq'])
        .execute();

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event_types', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_endpoints_app').on('webhook_endpoints').column('app_id').execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'text', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
        .addColumn('event_seq', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('claimed_by', 'text')
        .addColumn('delivered_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // One delivery per (event, endpoint), however many workers fan an event out.
        .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at', 'event_seq'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('response_excerpt', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_attempts_delivery')
        .on('webhook_attempts')
        .column('delivery_id')
        .execute();
    },
  },
};
