/** User and linked-account wire shapes (WIRE.md §4.1–4.2). Times are Unix seconds. */

export interface LinkedAccountBase {
  type: string;
  verified_at: number;
  first_verified_at: number | null;
  latest_verified_at: number | null;
}

export interface EmailAccount extends LinkedAccountBase {
  type: 'email';
  address: string;
}

export interface PhoneAccount extends LinkedAccountBase {
  type: 'phone';
  /** camelCase on the wire, as the incumbent's clients read it. */
  phoneNumber: string;
  number?: string;
}

export interface CustomAuthAccount extends LinkedAccountBase {
  type: 'custom_auth';
  custom_user_id: string;
}

/** A passkey (WebAuthn credential); a user may hold several (`limits.maxPasskeysPerUser`). */
export interface PasskeyAccount extends LinkedAccountBase {
  type: 'passkey';
  /** base64url. */
  credential_id: string;
  enrolled_in_mfa: boolean;
  /** The authenticator's name from its AAGUID ('iCloud Keychain', …), when known. */
  authenticator_name?: string | null;
  /** The credential's COSE public key, base64url. */
  public_key?: string | null;
  created_with_browser?: string | null;
  created_with_os?: string | null;
  created_with_device?: string | null;
}

export type LinkedAccount =
  | EmailAccount
  | PhoneAccount
  | CustomAuthAccount
  | PasskeyAccount
  | (LinkedAccountBase & Record<string, unknown>);

export type MfaMethodType = 'sms' | 'totp' | 'passkey' | 'email';

export interface User {
  id: string;
  created_at: number;
  has_accepted_terms: boolean;
  is_guest: boolean;
  linked_accounts: LinkedAccount[];
  mfa_methods: { type: MfaMethodType; verified_at: number }[];
  custom_metadata?: Record<string, string | number | boolean>;
}

/** What a client does with the tokens of an authenticate or refresh answer (WIRE.md §4.3). */
export const sessionUpdateActions = ['set', 'ignore', 'clear'] as const;
export type SessionUpdateAction = (typeof sessionUpdateActions)[number];

/** Every `*​/authenticate` and `/sessions` response (WIRE.md §4.3). */
export interface AuthenticatedUser {
  user: User | null;
  token: string | null;
  privy_access_token: string | null;
  refresh_token: string | null;
  identity_token?: string | null;
  session_update_action: SessionUpdateAction;
  is_new_user?: boolean;
}

/** The `did:privy:` prefix of user ids and access-token subjects. */
export const userIdPrefix = 'did:privy:';
