/**
 * The admin API's own table (admin/): dashboard login sessions. Created by the admin feature's
 * migration `0015_admin_sessions`; part of `Database`.
 */
export interface AdminTables {
  admin_sessions: AdminSessionsTable;
}

/** One dashboard login: the cookie holds a random id; only its SHA-256 is stored. */
export interface AdminSessionsTable {
  id_hash: string;
  created_at: number;
  expires_at: number;
}
