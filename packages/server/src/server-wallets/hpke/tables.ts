/**
 * The tables of key transport (migration `0021_server_wallet_user_keys`, migrations.ts): users'
 * short-lived authorization keys and pending imports. Neither holds a private key in the clear: a
 * user key's private half is never stored at all, an import's is sealed by the key store. Times are
 * Unix milliseconds, as the REST API shows them.
 */
declare module '../../storage/schema.ts' {
  interface Database {
    server_wallet_user_keys: ServerWalletUserKeysTable;
    server_wallet_imports: ServerWalletImportsTable;
  }
}

/**
 * The public half of an authorization key handed to a user's app by `POST /wallets/authenticate`:
 * a signature by it counts as the user's (authorize.ts) until `expires_at`, and only while the
 * session its access token came from is live (logout ends it).
 */
export interface ServerWalletUserKeysTable {
  id: string;
  app_id: string;
  /** The user, without the `did:privy:` prefix (as `sessions.user_id`). */
  user_id: string;
  session_id: string;
  /** base64 SPKI DER of the P-256 key. */
  public_key: string;
  created_at: number;
  expires_at: number;
}

/**
 * One `POST /wallets/import/init`: our HPKE key pair for one chain type and address. `import/submit`
 * opens the sealed key with it and deletes the row; unused ones are swept at `expires_at`.
 */
export interface ServerWalletImportsTable {
  id: string;
  app_id: string;
  chain_type: string;
  /** The address as `server_wallets.address_key` has it (lower-cased for Ethereum). */
  address_key: string;
  /** The HPKE private scalar, sealed by the key store under `importKeyContext` (import.ts). */
  private_key_sealed: string;
  created_at: number;
  expires_at: number;
}
