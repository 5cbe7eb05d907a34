import type { DelegationReason } from '@latchkey/protocol';

/**
 * The delegated-actions tables (migration `0023_delegated_actions`, migrations.ts). Neither holds a
 * key in the clear: a delegated wallet's key lives sealed in its `server_wallets` row, an init's
 * one-time HPKE key sealed by the key store. Times are Unix milliseconds, as the REST API shows them.
 */
declare module '../storage/schema.ts' {
  interface Database {
    delegated_wallets: DelegatedWalletsTable;
    delegation_inits: DelegationInitsTable;
  }
}

/**
 * One embedded wallet a user delegated, kept after the delegation ends (`revoked_at`): so a signing
 * request for its id is told why it fails, and a new consent gives the same server wallet id back.
 */
export interface DelegatedWalletsTable {
  /** The `server_wallets` row that holds the key while the delegation is live. */
  wallet_id: string;
  app_id: string;
  /** The user, without the `did:privy:` prefix (as `sessions.user_id`). */
  user_id: string;
  chain_type: string;
  /** The address as the linked account's identifier (lower-cased for Ethereum). */
  address_key: string;
  wallet_index: number;
  /** 1: an imported key (its own entropy, outside the user's HD tree). */
  imported: number;
  reason: DelegationReason;
  /** The implicit one-member quorum `owner: {user_id}` made for the wallet: it goes with the key. */
  owner_quorum_id: string | null;
  created_at: number;
  /** null: until revoked; otherwise the consent's time plus the app's `delegated_actions_ttl_seconds`. */
  expires_at: number | null;
  /** When the key was destroyed (revoke, or the sweep after `expires_at`); null while live. */
  revoked_at: number | null;
}

/** One `frame/delegation/init`: a one-time HPKE key for one consent of one user, spent by its use. */
export interface DelegationInitsTable {
  id: string;
  app_id: string;
  user_id: string;
  /** base64 of the raw P-256 point, as the reply gave it: how `frame/delegation` names its init. */
  public_key: string;
  /** The HPKE private scalar, sealed by the key store under `delegationInitContext` (init.ts). */
  private_key_sealed: string;
  created_at: number;
  expires_at: number;
}
