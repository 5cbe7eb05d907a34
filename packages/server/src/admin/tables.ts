/**
 * The admin API's own table: dashboard login sessions. Created by the feature's migration
 * `0015_admin_sessions` (migrations.ts), and merged into `Database` here, so `ctx.db` is typed for it.
 */
declare module '../storage/schema.ts' {
  interface Database {
    admin_sessions: AdminSessionsTable;
  }
}

/** One dashboard login: the cookie holds a random id; only its SHA-256 is stored. */
export interface AdminSessionsTable {
  id_hash: string;
  created_at: number;
  expires_at: number;
}
