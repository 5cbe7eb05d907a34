/**
 * The per-user tables of embedded wallets: the sealed shares of each wallet entropy, the frame's
 * device keys, and the key-proof nonces. Created by the foundation's migrations. They are shared
 * tables rather than the embedded-wallets feature's own (embedded-wallets/tables.ts): deleting a
 * user deletes their rows (accounts/delete-user.ts, below the features), so that nothing of a
 * deleted user's key material stays behind, and a shared file must not rely on a feature's types.
 */
export interface EmbeddedWalletTables {
  wallet_entropies: WalletEntropiesTable;
  wallet_devices: WalletDevicesTable;
  key_proof_nonces: KeyProofNoncesTable;
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

export interface KeyProofNoncesTable {
  /** SHA-256 of the nonce. */
  nonce_hash: string;
  app_id: string;
  user_id: string;
  expires_at: number;
}
