/**
 * The table of the passkeys feature: the challenges of WebAuthn ceremonies in flight. Created by
 * the feature's migration `0011_passkeys` (migrations.ts), merged into `Database` here. The passkeys
 * themselves are linked accounts (`type = 'passkey'`, identifier = the credential id), their
 * verification material in the account's details.
 */
declare module '../storage/schema.ts' {
  interface Database {
    passkey_challenges: PasskeyChallengesTable;
  }
}

/** One challenge handed out by an `/init` route: single use, bound to its app, ceremony and page. */
export interface PasskeyChallengesTable {
  /** SHA-256 (hex) of the base64url challenge: a leaked table reveals no live challenge. */
  challenge_hash: string;
  app_id: string;
  /** `register`, `authenticate` or `link`: a challenge of one ceremony never serves another. */
  ceremony: string;
  /** The user a `link` challenge was issued to; null for the logged-out ceremonies. */
  user_id: string | null;
  /** The page origin (relying party) the options were made for. */
  relying_party: string;
  /** base64url of the WebAuthn user handle the registration options carried (register, link). */
  user_handle: string | null;
  created_at: number;
  expires_at: number;
}
