import { isOAuthProvider, type OAuthProvider } from './oauth-providers.ts';

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

/** The profile fields an OAuth account may carry beside its `subject` (WIRE.md §4.2). */
export const oauthProfileFields = [
  'username',
  'name',
  'email',
  'profile_picture_url',
  'vanity_name',
] as const;
export type OAuthProfileField = (typeof oauthProfileFields)[number];

/** An OAuth account's type: `{provider}_oauth` for the ten, the provider id itself for `custom:{name}`. */
export type OAuthAccountType = `${OAuthProvider}_oauth` | `custom:${string}`;

/** A social account: the provider's `subject` and what profile it gave (null when it gave none). */
export interface OAuthAccount extends LinkedAccountBase {
  type: OAuthAccountType;
  subject: string;
  username?: string | null;
  name?: string | null;
  email?: string | null;
  profile_picture_url?: string | null;
  vanity_name?: string | null;
}

/**
 * The profile fields each OAuth account type always carries on the wire (null when the provider
 * gave none; WIRE.md §4.2), and the ones its compact form in the identity token carries (§5.2;
 * `profile_picture_url` is `pfp` there). A field the provider gave beyond the list is added too.
 */
export const oauthAccountFields: Record<
  OAuthProvider | 'custom',
  { wire: readonly OAuthProfileField[]; compact: readonly OAuthProfileField[] }
> = {
  google: { wire: ['email', 'name'], compact: ['email', 'name'] },
  twitter: {
    wire: ['username', 'name', 'profile_picture_url'],
    compact: ['username', 'name', 'profile_picture_url'],
  },
  discord: { wire: ['username', 'email'], compact: ['username'] },
  github: { wire: ['username', 'name', 'email'], compact: ['username'] },
  spotify: { wire: ['email', 'name'], compact: [] },
  instagram: { wire: ['username'], compact: ['username'] },
  tiktok: { wire: ['username', 'name'], compact: ['username'] },
  line: { wire: ['name', 'email', 'profile_picture_url'], compact: ['name', 'email'] },
  linkedin: { wire: ['email', 'name', 'vanity_name'], compact: ['email'] },
  apple: { wire: ['email'], compact: ['email'] },
  custom: {
    wire: ['email', 'name', 'username', 'profile_picture_url'],
    compact: ['email', 'name', 'username'],
  },
};

/**
 * The account type of an OAuth provider's accounts.
 *
 * @example
 * oauthAccountType('google') // 'google_oauth'
 * oauthAccountType('custom:acme') // 'custom:acme'
 */
export function oauthAccountType(provider: OAuthProvider | `custom:${string}`): OAuthAccountType {
  return provider.startsWith('custom:')
    ? (provider as `custom:${string}`)
    : `${provider as OAuthProvider}_oauth`;
}

/** The provider of an OAuth account type, or null for any other type. */
export function oauthProviderOf(type: string): OAuthProvider | `custom:${string}` | null {
  if (/^custom:[a-z0-9_-]{1,50}$/.test(type)) return type as `custom:${string}`;
  const provider = type.endsWith('_oauth') ? type.slice(0, -'_oauth'.length) : '';
  return isOAuthProvider(provider) ? provider : null;
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
  | OAuthAccount
  | PasskeyAccount
  | (LinkedAccountBase & Record<string, unknown>);

export const mfaMethodTypes = ['sms', 'totp', 'passkey', 'email'] as const;
export type MfaMethodType = (typeof mfaMethodTypes)[number];

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

/** A user id as the API may name it (`did:privy:…`) in the bare form the server stores. */
export const bareUserId = (id: string): string =>
  id.startsWith(userIdPrefix) ? id.slice(userIdPrefix.length) : id;
