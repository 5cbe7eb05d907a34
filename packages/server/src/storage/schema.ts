/**
 * The database schema, identical on SQLite and PostgreSQL. Times are Unix seconds (integers);
 * JSON values are stored as text so both dialects read them the same way.
 */
export interface Database {
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
  wallet_entropies: WalletEntropiesTable;
  allowlist: AllowlistTable;
  analytics_events: AnalyticsEventsTable;
  analytics_event_counts: AnalyticsEventCountsTable;
  outbox: OutboxTable;
  server_settings: ServerSettingsTable;
  wallet_devices: WalletDevicesTable;
  dpop_proofs: DpopProofsTable;
  key_proof_nonces: KeyProofNoncesTable;
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

export interface WalletEntropiesTable {
  id: string;
  app_id: string;
  user_id: string;
  /** The first wallet's address, normalised (lower-cased 0x address, or base58). */
  entropy_id: string;
  /** `ethereum-address-verifier` or `solana-address-verifier`. */
  entropy_id_verifier: string;
  /** The auth share, sealed with the secret box (context `embedded-auth-share:{id}`). */
  auth_share_sealed: string;
  /** `privy` or `user-passcode`. */
  recovery_method: string;
  /**
   * The recovery share as the frame encrypted it (AES-GCM under the recovery key), sealed again
   * with the secret box (context `embedded-recovery-share:{id}`): a stolen table alone does not
   * allow guessing a user's password offline.
   */
  encrypted_recovery_share: string;
  /** `privy` method: the recovery key, sealed (context `embedded-recovery-key:{id}`); else null. */
  recovery_key_sealed: string | null;
  /** `user-passcode` method: the PBKDF2 salt, base64 (not secret); else null. */
  recovery_key_derivation_salt: string | null;
  created_at: number;
  updated_at: number;
  /**
   * 1 for an imported private key (its own entropy, named by its address), 0 for the user's HD
   * entropy. A user has at most one HD entropy and any number of imported keys.
   */
  imported: number;
  /**
   * `user-passcode` method: SHA-256 of a label and the password-derived key, sealed like the
   * recovery share (context `embedded-password-verifier:{id}`); it proves the password without it.
   */
  recovery_password_verifier: string | null;
}

export interface WalletDevicesTable {
  id: string;
  app_id: string;
  user_id: string;
  /** RFC 7638 SHA-256 thumbprint of the device's public key: what its DPoP proofs are matched by. */
  jkt: string;
  /** The public JWK (P-256); the private key never leaves the frame's origin. */
  public_jwk: string;
  created_at: number;
  last_used_at: number;
}

export interface DpopProofsTable {
  /** SHA-256 of a spent proof's `jti`. */
  jti_hash: string;
  expires_at: number;
}

export interface KeyProofNoncesTable {
  /** SHA-256 of the nonce. */
  nonce_hash: string;
  app_id: string;
  user_id: string;
  expires_at: number;
}

export interface AllowlistTable {
  id: string;
  app_id: string;
  type: string;
  value: string;
  created_at: number;
}

export interface AnalyticsEventsTable {
  id: string;
  app_id: string;
  event_name: string;
  client_id: string | null;
  payload: string | null;
  created_at: number;
}

/** Events stored per app, kept under `analyticsMaxEventsPerApp` (see analytics/event-quota.ts). */
export interface AnalyticsEventCountsTable {
  app_id: string;
  stored: number;
}

export interface OutboxTable {
  id: string;
  app_id: string;
  type: string;
  /** JSON payload, compact, ready to deliver as a webhook body. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
  attempts: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}
