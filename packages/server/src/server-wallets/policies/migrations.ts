import type { Kysely, Migration } from 'kysely';

/**
 * The policy tables (tables.ts). Both dialects: JSON is text, times are bigint milliseconds, and
 * nothing relies on a dialect's own types (uint256 amounts are decimal text, summed by the server).
 */
export const policyMigrations: Record<string, Migration> = {
  '0019_server_wallet_policies': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallet_policies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('owner', 'text')
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('wallet_policies_app')
        .on('wallet_policies')
        .columns(['app_id', 'id'])
        .execute();

      await db.schema
        .createTable('policy_condition_sets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('owner', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('policy_condition_sets_app')
        .on('policy_condition_sets')
        .columns(['app_id', 'id'])
        .execute();

      await db.schema
        .createTable('policy_condition_set_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('condition_set_id', 'text', (c) =>
          c.notNull().references('policy_condition_sets.id').onDelete('cascade'),
        )
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // A value is in a set once; pages go in (created_at, id) order.
        .addUniqueConstraint('policy_condition_set_items_value', ['condition_set_id', 'value'])
        .execute();
      await db.schema
        .createIndex('policy_condition_set_items_page')
        .on('policy_condition_set_items')
        .columns(['condition_set_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('policy_aggregations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('window_seconds', 'integer', (c) => c.notNull())
        .addColumn('conditions', 'text')
        .addColumn('group_by', 'text')
        .addColumn('owner_id', 'text')
        .addColumn('owner', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('policy_aggregations_app')
        .on('policy_aggregations')
        .columns(['app_id', 'id'])
        .execute();

      await db.schema
        .createTable('policy_aggregation_reservations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('aggregation_id', 'text', (c) =>
          c.notNull().references('policy_aggregations.id').onDelete('cascade'),
        )
        .addColumn('wallet_key', 'text', (c) => c.notNull())
        .addColumn('group_key', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      // The window's sum reads one wallet's (and group's) reservations of one aggregation.
      await db.schema
        .createIndex('policy_aggregation_reservations_window')
        .on('policy_aggregation_reservations')
        .columns(['aggregation_id', 'wallet_key', 'group_key', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('policy_aggregation_reservations_expiry')
        .on('policy_aggregation_reservations')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('policy_audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        // No foreign key: the log outlives a deleted policy (its last entry says who deleted it).
        .addColumn('policy_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('rule_id', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('policy_audit_log_revision', ['app_id', 'policy_id', 'revision'])
        .execute();
      await db.schema
        .createIndex('policy_audit_log_created')
        .on('policy_audit_log')
        .column('created_at')
        .execute();
    },
  },
};
