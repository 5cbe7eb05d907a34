import type { Generated } from 'kysely';
import type { EmbeddedWalletTables } from './tables/embedded-wallets.ts';
import type { MfaTables } from './tables/mfa.ts';

/**
 * The database schema, identical on SQLite and PostgreSQL. Times are Unix seconds (integers);
 * JSON values are stored as text so both dialects read them the same way.
 *
 * `Database` is every table, so `ctx.db` is typed for all of them. Listed here are the shared
 * tables, those that code below the features reads (storage, accounts, sessions, tokens, …),
 * `tables/*.ts` among them. A feature's own tables are merged in from its folder, by module
 * augmentation in its `tables.ts`:
 *
 *     declare module '../storage/schema.ts' { interface Database { my_rows: MyRowsTable } }
 *
 * so this file names no feature, and storage imports nothing from one (a folder cycle).
 */
export interface Database extends EmbeddedWalletTables, MfaTables {
  apps: AppsTable;
  signing_keys: SigningKeysTable;
  users: UsersTable;
  linked_accounts: LinkedAccountsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  verification_attempts: VerificationAttemptsTable;
  wallet_nonces: WalletNoncesTable;
  account_transfers: AccountTransfersTable;
  allowlist: AllowlistTable;
  outbox: OutboxTable;
  server_settings: ServerSettingsTable;
}

export interface AppsTable {
  id: string;
  /** SHA-256 of the app secret; the secret itself is shown once at creation. */
  secret_hash: string;
  /** JSON: the overrides of `defaultAppConfig` plus server-side settings. */
  config: string;
  created_at: number;
  updated_at: number;
}

export interface SigningKeysTable {
  kid: string;
  app_id: string;
  public_key_pem: string;
  /** PKCS#8 private key, encrypted with the server's master key (see crypto/secret-box.ts). */
  private_key_encrypted: string;
  created_at: number;
  /** Set when a newer key takes over signing; retired keys stay in the JWKS for verification. */
  retired_at: number | null;
}

export interface UsersTable {
  id: string;
  app_id: string;
  created_at: number;
  has_accepted_terms: number;
  is_guest: number;
  custom_metadata: string | null;
}

export interface LinkedAccountsTable {
  id: string;
  user_id: string;
  app_id: string;
  type: string;
  /** The normalised identifier that makes an account unique within an app (email, E.164 phone, …). */
  identifier: string;
  /** JSON: type-specific wire fields beyond the identifier. */
  details: string;
  first_verified_at: number;
  latest_verified_at: number;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  app_id: string;
  user_id: string;
  /** When the user authenticated: the access tokens' `auth_time`. */
  created_at: number;
  /** The absolute end of the session, whatever its refresh tokens say. */
  expires_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the opaque token. */
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  /** Set when the token is exchanged; presenting it again revokes the session. */
  rotated_at: number | null;
}

/** Live codes: the newest few per identifier are accepted (several may be live at once). */
export interface VerificationCodesTable {
  app_id: string;
  channel: string;
  identifier: string;
  /** HMAC of the code under a key derived from the master key: a stolen table does not reveal codes. */
  code_hash: string;
  created_at: number;
  expires_at: number;
  /** Issue order within the identifier: the newest few codes are the live ones. */
  seq: number;
}

/** Wrong codes per identifier (not per code, so resends buy no guesses): see codes/verification-codes.ts. */
export interface VerificationAttemptsTable {
  app_id: string;
  channel: string;
  identifier: string;
  /** Wrong codes in the current window. */
  failures: number;
  /** When the window opened by the first failure ends (Unix seconds). */
  window_ends_at: number;
}

export interface WalletNoncesTable {
  app_id: string;
  /** EIP-4361 nonce (alphanumeric); not secret, it is signed in plain text. */
  nonce: string;
  /** `ethereum` (SIWE) or `solana` (SIWS). */
  chain_type: string;
  /** The account identifier it was issued for (lower-cased 0x address, or base58 public key). */
  address: string;
  created_at: number;
  expires_at: number;
}

export interface AccountTransfersTable {
  /** SHA-256 of the transfer nonce; the nonce itself is only ever in the error response. */
  nonce_hash: string;
  app_id: string;
  /** The user who was told account_transfer_required and may redeem the nonce. */
  user_id: string;
  /** The account the nonce moves: its type and normalised identifier. */
  account_type: string;
  identifier: string;
  /** The user who owned the account when the nonce was issued, deleted by the transfer. */
  from_user_id: string;
  expires_at: number;
  created_at: number;
}

export interface AllowlistTable {
  id: string;
  app_id: string;
  type: string;
  value: string;
  created_at: number;
}

export interface OutboxTable {
  id: string;
  app_id: string;
  type: string;
  /** JSON payload, compact, ready to deliver as a webhook body. */
  payload: string;
  created_at: number;
  /** Unused (from before webhook delivery); see `dispatched_at`. */
  delivered_at: number | null;
  attempts: number;
  /** When the webhook worker fanned it out to the app's endpoints (webhooks/worker.ts, migration 0014); null until then. */
  dispatched_at: number | null;
  /** Insertion order (migration 0014): events of one second keep a stable order. */
  seq: Generated<number>;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}
