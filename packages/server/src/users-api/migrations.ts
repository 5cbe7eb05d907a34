import type { Kysely, Migration } from 'kysely';

/**
 * The users API's index: pages of an app's users in (created_at, id) order (users-pages.ts).
 * Custom metadata needs no migration: `users.custom_metadata` exists since 0001.
 */
export const usersApiMigrations: Record<string, Migration> = {
  '0013_users_api': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('users_app_created')
        .on('users')
        .columns(['app_id', 'created_at', 'id'])
        .execute();
    },
  },
};
