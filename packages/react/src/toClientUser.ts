import type { LinkedAccount, MfaMethod, User as WireUser } from '@latchkey/protocol';
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

// The kinds of account a user has a shortcut field for (also every `{provider}_oauth`), named as the
// type in camelCase without `_oauth`: `smart_wallet` → `smartWallet`, `google_oauth` → `google`.
const shortcutTypes = ['email', 'phone', 'wallet', 'smart_wallet', 'farcaster', 'telegram', 'custom_auth'];

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
    // The client form lists the second factors a user enrolled; the wire's `email` is not one of them.
    mfaMethods: user.mfa_methods.map((m) => m.type).filter((type): type is MfaMethod => type !== 'email'),
  };
  // Each shortcut is the account of its kind linked first (the earliest `firstVerifiedAt`), without
  // its type and dates.
  const time = (a: LinkedAccountWithMetadata) => a.firstVerifiedAt?.getTime() ?? 0;
  for (const account of [...linkedAccounts].sort((a, b) => time(a) - time(b))) {
    const { type, firstVerifiedAt, latestVerifiedAt, verifiedAt, ...fields } = account as typeof account & {
      verifiedAt?: unknown;
    };
    if (!type.endsWith('_oauth') && !shortcutTypes.includes(type)) continue;
    (client as unknown as Record<string, unknown>)[camel(type.replace(/_oauth$/, ''))] ??= fields;
  }
  cache.set(user, client);
  return client;
}
