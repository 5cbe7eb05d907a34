import {
  type LinkedAccount,
  type OAuthAccountType,
  type OAuthProfileField,
  oauthAccountFields,
  oauthProfileFields,
  oauthProviderOf,
} from '@latchkey/protocol';
import { isMfaPasskey } from './mfa-methods.ts';

/**
 * Account types this server knows. `guest` is internal: a guest's credential, never on the wire.
 * `wallet` identifiers are the lower-cased 0x address (Ethereum) or the base58 public key (Solana);
 * `smart_wallet` identifiers are the lower-cased 0x address. Their `details` hold the wire fields.
 * OAuth accounts (`google_oauth`, …, `custom:{name}`) are identified by the provider's `subject`;
 * their details hold the profile the provider gave (`username`, `name`, `email`, …). `passkey`
 * identifiers are the base64url credential id (passkeys/passkey-accounts.ts). `farcaster` accounts
 * are identified by the decimal fid, `telegram` ones by the Telegram user id (a decimal string);
 * only the users API imports them so far (users-api/import-accounts.ts).
 */
export type AccountType =
  | 'email'
  | 'phone'
  | 'custom_auth'
  | 'guest'
  | 'wallet'
  | 'smart_wallet'
  | 'passkey'
  | 'farcaster'
  | 'telegram'
  | OAuthAccountType;

/** A linked account as stored: `identifier` is the normalised value unique within the app. */
export interface AccountRecord {
  id: string;
  userId: string;
  type: AccountType;
  identifier: string;
  details: Record<string, unknown>;
  firstVerifiedAt: number;
  latestVerifiedAt: number;
}

/** What a login or link flow proves the user controls. */
export interface VerifiedIdentity {
  type: AccountType;
  identifier: string;
  details?: Record<string, unknown>;
}

/** The wire form of an account (WIRE.md §4.2), or null for internal types. */
export function toWireAccount(account: AccountRecord): LinkedAccount | null {
  const times = {
    verified_at: account.firstVerifiedAt,
    first_verified_at: account.firstVerifiedAt,
    latest_verified_at: account.latestVerifiedAt,
  };
  switch (account.type) {
    case 'email':
      return { type: 'email', address: account.identifier, ...times };
    case 'phone': {
      const display = String(account.details.display ?? account.identifier);
      return { type: 'phone', phoneNumber: display, number: display, ...times };
    }
    case 'custom_auth':
      return { type: 'custom_auth', custom_user_id: account.identifier, ...times };
    case 'wallet':
      return wireWallet(account, times);
    case 'smart_wallet': {
      const wire: LinkedAccount = {
        type: 'smart_wallet',
        address: String(account.details.address ?? account.identifier),
        smart_wallet_type: account.details.smart_wallet_type ?? null,
        ...times,
      };
      if (account.details.smart_wallet_version != null)
        wire.smart_wallet_version = account.details.smart_wallet_version;
      return wire;
    }
    case 'passkey':
      return wirePasskey(account, times);
    case 'farcaster':
      return {
        type: 'farcaster',
        fid: Number(account.identifier),
        ...pick(account, farcasterFields),
        ...times,
      };
    case 'telegram':
      return {
        type: 'telegram',
        telegram_user_id: account.identifier,
        ...pick(account, telegramFields),
        ...times,
      };
    case 'guest':
      return null;
    default:
      return wireOAuth(account, times);
  }
}

/** The wire fields of a Farcaster and a Telegram account beside their ids (WIRE.md §4.2). */
const farcasterFields = [
  'owner_address',
  'username',
  'display_name',
  'bio',
  'profile_picture',
  'profile_picture_url',
  'homepage_url',
] as const;
const telegramFields = ['first_name', 'last_name', 'username', 'photo_url'] as const;

/** The listed detail fields, null when not stored. */
function pick(account: AccountRecord, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, account.details[field] ?? null]));
}

/**
 * The profile fields of an OAuth account: those its type always carries (WIRE.md §4.2 or §5.2),
 * null when the provider gave none, and with `extras` any other one the provider gave.
 */
function oauthProfile(
  account: AccountRecord,
  listed: readonly OAuthProfileField[],
  extras: boolean,
): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const field of oauthProfileFields) {
    const value = account.details[field];
    if (!listed.includes(field) && !extras) continue;
    if (typeof value === 'string') profile[field] = value;
    else if (listed.includes(field)) profile[field] = null;
  }
  return profile;
}

function oauthFields(type: AccountType) {
  const provider = oauthProviderOf(type);
  if (!provider) throw new Error(`Not an account type: ${type}`);
  return oauthAccountFields[
    provider.startsWith('custom:') ? 'custom' : (provider as keyof typeof oauthAccountFields)
  ];
}

function wireOAuth(account: AccountRecord, times: AccountTimes): LinkedAccount {
  const profile = oauthProfile(account, oauthFields(account.type).wire, true);
  return { type: account.type, subject: account.identifier, ...profile, ...times } as LinkedAccount;
}

type AccountTimes = Pick<LinkedAccount, 'verified_at' | 'first_verified_at' | 'latest_verified_at'>;

/** True for an embedded wallet account (`wallet_client_type: 'privy'`), which cannot be unlinked. */
export function isEmbeddedWallet(account: Pick<AccountRecord, 'type' | 'details'>): boolean {
  return account.type === 'wallet' && account.details.wallet_client_type === 'privy';
}

/**
 * A wallet account on the wire (WIRE.md §4.2). External wallets carry the fixed set of fields;
 * embedded ones the embedded set.
 */
function wireWallet(account: AccountRecord, times: AccountTimes): LinkedAccount {
  const d = account.details;
  const address = String(d.address ?? account.identifier);
  if (isEmbeddedWallet(account)) return wireEmbeddedWallet(d, address, times);
  return {
    type: 'wallet',
    address,
    chain_type: d.chain_type ?? 'ethereum',
    chain_id: d.chain_id ?? null,
    wallet_client: 'unknown',
    wallet_client_type: d.wallet_client_type ?? null,
    connector_type: d.connector_type ?? null,
    ...times,
  };
}

/**
 * An embedded wallet on the wire: `id` null (an on-device wallet, not a TEE one), `public_key` on
 * every chain but Ethereum (a Solana wallet's public key is its address).
 */
function wireEmbeddedWallet(d: Record<string, unknown>, address: string, times: AccountTimes): LinkedAccount {
  const chainType = d.chain_type ?? 'ethereum';
  const wire: LinkedAccount = {
    type: 'wallet',
    id: null,
    address,
    chain_id: d.chain_id ?? (chainType === 'ethereum' ? 'eip155:1' : null),
    chain_type: chainType,
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: d.wallet_index ?? 0,
    delegated: d.delegated === true,
    imported: d.imported === true,
    recovery_method: d.recovery_method ?? 'privy',
    ...times,
  };
  if (chainType !== 'ethereum') wire.public_key = d.public_key ?? address;
  return wire;
}

/** A passkey on the wire (WIRE.md §4.2): what it is and where it was made; never its counter. */
function wirePasskey(account: AccountRecord, times: AccountTimes): LinkedAccount {
  const d = account.details;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    type: 'passkey',
    credential_id: account.identifier,
    enrolled_in_mfa: isMfaPasskey(d),
    authenticator_name: text(d.authenticator_name),
    public_key: text(d.public_key),
    created_with_browser: text(d.created_with_browser),
    created_with_os: text(d.created_with_os),
    created_with_device: text(d.created_with_device),
    ...times,
  };
}

/** The compact form inside the identity token's `linked_accounts` claim (WIRE.md §5.2). */
export function toCompactAccount(account: AccountRecord): Record<string, unknown> | null {
  const lv = account.latestVerifiedAt;
  switch (account.type) {
    case 'email':
      return { type: 'email', address: account.identifier, lv };
    case 'phone':
      return { type: 'phone', phone_number: String(account.details.display ?? account.identifier), lv };
    case 'custom_auth':
      return { type: 'custom_auth', custom_user_id: account.identifier, lv };
    case 'wallet': {
      const d = account.details;
      const compact: Record<string, unknown> = { type: 'wallet' };
      if (d.id != null) compact.id = d.id;
      Object.assign(compact, {
        address: String(d.address ?? account.identifier),
        chain_type: d.chain_type ?? 'ethereum',
        wallet_client_type: d.wallet_client_type ?? null,
        lv,
      });
      return compact;
    }
    case 'smart_wallet':
      return {
        type: 'smart_wallet',
        address: String(account.details.address ?? account.identifier),
        smart_wallet_type: account.details.smart_wallet_type ?? null,
        lv,
      };
    case 'farcaster':
      return {
        type: 'farcaster',
        fid: Number(account.identifier),
        username: account.details.username ?? null,
        oa: account.details.owner_address ?? null,
        lv,
      };
    case 'telegram':
      return {
        type: 'telegram',
        telegram_user_id: account.identifier,
        username: account.details.username ?? null,
        lv,
      };
    // WIRE.md §5.2 lists no compact form for passkeys: the identity token leaves them out.
    case 'passkey':
    case 'guest':
      return null;
    default: {
      // The compact form names the picture `pfp` (WIRE.md §5.2).
      const { profile_picture_url: pfp, ...profile } = oauthProfile(
        account,
        oauthFields(account.type).compact,
        false,
      );
      return {
        type: account.type,
        subject: account.identifier,
        ...profile,
        ...(pfp === undefined ? {} : { pfp }),
        lv,
      };
    }
  }
}

/** Human name of an account type for error texts ('User already has an account of type email linked.'). */
export function accountTypeLabel(type: AccountType): string {
  return type;
}
