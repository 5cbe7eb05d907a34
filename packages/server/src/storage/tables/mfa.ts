/**
 * The tables of multi-factor authentication: the factors users enrol, and the MFA tokens a right
 * code buys. Created by the mfa feature's migration `0012_mfa`, but shared tables: the user record
 * lists a user's factors on the wire (accounts/user-record.ts, accounts/mfa-methods.ts) and the
 * session checks MFA tokens (tokens/mfa-token.ts), all below the features, and a shared file must
 * not rely on a feature's types. Passkey factors are no rows here: a passkey account with
 * `enrolled_in_mfa` in its details.
 */
export interface MfaTables {
  mfa_factors: MfaFactorsTable;
  mfa_tokens: MfaTokensTable;
}

/** One SMS or authenticator-app (TOTP) factor of a user; at most one of each type. */
export interface MfaFactorsTable {
  id: string;
  app_id: string;
  user_id: string;
  /** `sms` or `totp`. */
  type: string;
  /** `sms`: the number, E.164 (what codes are sent to). */
  phone_number: string | null;
  /** `sms`: the number as shown (`+1 555 555 1234`). */
  phone_display: string | null;
  /** `totp`: the RFC 6238 secret, sealed by the secret box (bound to the app and user). */
  totp_secret: string | null;
  /** `totp`: the last time step a code was accepted for; a code of it or an earlier step never passes again. */
  totp_last_step: number | null;
  created_at: number;
  /** When the user proved the factor; null while a TOTP enrolment waits for its first code. */
  enrolled_at: number | null;
  /** A pending enrolment's end (null once enrolled). */
  expires_at: number | null;
}

/** An MFA token handed out by a `verify` route: good for its user and session until it expires. */
export interface MfaTokensTable {
  /** SHA-256 (hex) of the token: a leaked table holds no usable token. */
  token_hash: string;
  app_id: string;
  user_id: string;
  /** The session (access token `sid`) that verified. */
  session_id: string;
  /** The factor type that verified (`sms`, `totp`, `passkey`). */
  method: string;
  created_at: number;
  expires_at: number;
}
