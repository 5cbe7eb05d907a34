/**
 * The server-wallet tables of the core (migration `0018_server_wallets`, migrations.ts): wallets,
 * key quorums and idempotency keys. The parts own theirs (policies/tables.ts, transactions/tables.ts,
 * hpke/tables.ts). Times are Unix milliseconds, as the REST API shows them.
 */
declare module '../storage/schema.ts' {
  interface Database {
    server_wallets: ServerWalletsTable;
    key_quorums: KeyQuorumsTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}

/** One server wallet: its address, who owns it, what may sign for it, and its key sealed by the key store. */
export interface ServerWalletsTable {
  id: string;
  app_id: string;
  /** `ethereum`, `solana`, or another chain type of spec document 1 §3. */
  chain_type: string;
  /** In the chain's own form (EIP-55 for Ethereum, base58 for Solana). */
  address: string;
  /** Lower-cased for Ethereum, as is otherwise: the unique lookup key within an app. */
  address_key: string;
  /** Hex: compressed secp256k1, or Ed25519 (what the API shows as `public_key`). */
  public_key: string;
  /** The key quorum that owns it (a user or a key becomes a one-member quorum); null: the app's secret alone. */
  owner_id: string | null;
  /** The user of an owner quorum made from `owner: {user_id}`: how `GET /wallets?user_id=` finds them. */
  owner_user_id: string | null;
  /** JSON array of at most one policy id. */
  policy_ids: string;
  /** JSON array of `{signer_id, override_policy_ids}`. */
  additional_signers: string;
  display_name: string | null;
  external_id: string | null;
  /** The private key (32 bytes), sealed by the key store under `serverWalletKeyContext` (wallet-keys.ts). */
  key_sealed: string;
  created_at: number;
  exported_at: number | null;
  imported_at: number | null;
  archived_at: number | null;
}

/** A key quorum: P-256 keys, users and (one level of) other quorums, with a threshold. */
export interface KeyQuorumsTable {
  id: string;
  app_id: string;
  display_name: string | null;
  authorization_threshold: number | null;
  /** JSON array of `{public_key, display_name}` (base64 SPKI). */
  authorization_keys: string;
  /** JSON array of user ids. */
  user_ids: string;
  /** JSON array of key quorum ids (members; nesting one level deep). */
  key_quorum_ids: string;
  /**
   * Made for a wallet or policy's `owner: {user_id} | {public_key}` rather than by `POST /key_quorums`:
   * such a quorum is not listed on its own and goes with its resource.
   */
  implicit: number;
  created_at: number;
}

/**
 * `privy-idempotency-key` (REFERENCES §1.7): the first request's body hash and, once it finished,
 * its response, for 24 h. `response_status` null: still running (a duplicate gets 409).
 */
export interface IdempotencyKeysTable {
  app_id: string;
  /** SHA-256 (hex) of the key: callers' keys are opaque and may be long. */
  key_hash: string;
  /** SHA-256 (hex) of the method, path and body: a different request under the same key is refused. */
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}
