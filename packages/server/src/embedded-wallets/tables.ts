/**
 * The embedded-wallets feature's own table: the spent DPoP proofs that stop a replay (dpop.ts).
 * Created by the foundation's migration 0009 (it predates feature migrations; Kysely runs them by
 * name, so it stays there), swept by the feature's `sweeps`, and merged into `Database` here. The
 * wallets' shares and devices are shared tables (storage/tables/embedded-wallets.ts).
 */
declare module '../storage/schema.ts' {
  interface Database {
    dpop_proofs: DpopProofsTable;
  }
}

export interface DpopProofsTable {
  /** SHA-256 of a spent proof's `jti`. */
  jti_hash: string;
  expires_at: number;
}
