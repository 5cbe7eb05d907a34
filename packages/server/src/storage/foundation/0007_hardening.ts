import { type Kysely, type Migration, sql } from 'kysely';
import { inTransaction } from './transaction.ts';

export const m0007Hardening: Migration = {
  async up(db: Kysely<unknown>) {
    // Several live codes per identifier (a resend no longer replaces the owner's code): the key
    // gains the code's hash, and wrong guesses move to a table of their own, counted per
    // identifier. The table is rebuilt (SQLite cannot change a primary key); live codes are kept.
    await inTransaction(db, async (trx) => {
      await trx.schema
        .createTable('verification_codes_next')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('verification_codes_code_pk', [
          'app_id',
          'channel',
          'identifier',
          'code_hash',
        ])
        .execute();
      await sql`insert into verification_codes_next
        (app_id, channel, identifier, code_hash, created_at, expires_at, seq)
        select app_id, channel, identifier, code_hash, created_at, expires_at, 1
        from verification_codes`.execute(trx);
      await trx.schema.dropTable('verification_codes').execute();
      await trx.schema.alterTable('verification_codes_next').renameTo('verification_codes').execute();
      await trx.schema
        .createIndex('verification_codes_expiry')
        .on('verification_codes')
        .column('expires_at')
        .execute();
      await trx.schema
        .createTable('verification_attempts')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('verification_attempts_pk', ['app_id', 'channel', 'identifier'])
        .execute();
      await trx.schema
        .createIndex('verification_attempts_window')
        .on('verification_attempts')
        .column('window_ends_at')
        .execute();
      // What the retention sweeps (storage/retention.ts) look rows up by.
      await trx.schema
        .createIndex('refresh_tokens_expiry')
        .on('refresh_tokens')
        .column('expires_at')
        .execute();
      await trx.schema
        .createIndex('analytics_events_time')
        .on('analytics_events')
        .column('created_at')
        .execute();
      await trx.schema.createIndex('analytics_events_app').on('analytics_events').column('app_id').execute();
      // Events stored per app, for the per-app cap; the events already stored are counted in.
      await trx.schema
        .createTable('analytics_event_counts')
        .addColumn('app_id', 'text', (c) => c.primaryKey())
        .addColumn('stored', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into analytics_event_counts (app_id, stored)
        select app_id, count(*) from analytics_events group by app_id`.execute(trx);
    });
  },
};
