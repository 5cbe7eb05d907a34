import { type LinkedAccount, type MfaMethod, mfaMethods, type User as WireUser } from '@latchkey/protocol';
import type { LinkedAccountWithMetadata, User } from './userTypes.ts';

const seconds = (value: unknown): Date | null => (typeof value === 'number' ? new Date(value * 1000) : null);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

// Wire fields the client form names otherwise (the incumbent's names: spec document 1 §3).
const renamed: Record<string, Record<string, string>> = {
  phone: { phoneNumber: 'number' },
  farcaster: { profilePictureUrl: 'pfp', homepageUrl: 'url' },
};

/** One wire account in the client form: camelCase keys, seconds turned into dates, the client's names. */
function toClientAccount(account: LinkedAccount): LinkedAccountWithMetadata {
  const names = renamed[account.type] ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(account)) {
    const name = camel(key);
    out[names[name] ?? name] = key.endsWith('_at') ? seconds(value) : value;
  }
  out.firstVerifiedAt ??= null;
  out.latestVerifiedAt ??= null;
  if (account.type === 'cross_app') out.providerApp = { id: out.providerAppId };
  return out as unknown as LinkedAccountWithMetadata;
}

/** The first account of a type to be linked: the earliest `firstVerifiedAt` (unknown ones first). */
function firstOf<T extends LinkedAccountWithMetadata['type']>(
  accounts: LinkedAccountWithMetadata[],
  type: T,
) {
  const time = (a: LinkedAccountWithMetadata) => a.firstVerifiedAt?.getTime() ?? 0;
  const matching = accounts.filter((a) => a.type === type).sort((a, b) => time(a) - time(b));
  return matching[0] as Extract<LinkedAccountWithMetadata, { type: T }> | undefined;
}

/** An account's own fields: the account without its type and dates. */
function fields<A extends LinkedAccountWithMetadata>(account: A | undefined) {
  if (!account) return undefined;
  const { type, firstVerifiedAt, latestVerifiedAt, verifiedAt, ...rest } = account as A & {
    verifiedAt?: Date;
  };
  return rest as Omit<A, 'type' | 'firstVerifiedAt' | 'latestVerifiedAt'>;
}

// The shortcut fields a user has per kind of account, each the first of that kind to be linked.
const shortcuts = {
  wallet: 'wallet',
  smartWallet: 'smart_wallet',
  google: 'google_oauth',
  twitter: 'twitter_oauth',
  discord: 'discord_oauth',
  github: 'github_oauth',
  spotify: 'spotify_oauth',
  instagram: 'instagram_oauth',
  tiktok: 'tiktok_oauth',
  line: 'line_oauth',
  twitch: 'twitch_oauth',
  linkedin: 'linkedin_oauth',
  apple: 'apple_oauth',
  farcaster: 'farcaster',
  telegram: 'telegram',
  customAuth: 'custom_auth',
} as const satisfies Partial<Record<keyof User, LinkedAccountWithMetadata['type']>>;

// The same wire user always maps to the same object, so React sees a stable snapshot.
const cache = new WeakMap<WireUser, User>();

/**
 * Turns the wire user into the client form: camelCase keys, seconds turned into dates, and a
 * shortcut per account kind to the first such account linked.
 *
 * @example
 * toClientUser(wireUser).email?.address // 'alice@example.com'
 */
export function toClientUser(user: WireUser): User {
  const cached = cache.get(user);
  if (cached) return cached;
  const linkedAccounts = user.linked_accounts.map(toClientAccount);
  const client: User = {
    id: user.id,
    createdAt: new Date(user.created_at * 1000),
    linkedAccounts,
    customMetadata: user.custom_metadata ?? {},
    isGuest: user.is_guest,
    hasAcceptedTerms: user.has_accepted_terms,
    mfaMethods: user.mfa_methods
      .map((m) => m.type)
      .filter((type): type is MfaMethod => (mfaMethods as readonly string[]).includes(type)),
  };
  const email = firstOf(linkedAccounts, 'email');
  const phone = firstOf(linkedAccounts, 'phone');
  if (email) client.email = { address: email.address };
  if (phone) client.phone = { number: phone.number };
  for (const [field, type] of Object.entries(shortcuts)) {
    const account = fields(firstOf(linkedAccounts, type));
    if (account) Object.assign(client, { [field]: account });
  }
  cache.set(user, client);
  return client;
}
