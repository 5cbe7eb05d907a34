import type { LinkedAccount, OAuthProvider, User } from '@latchkey/protocol';
import type { ClientLinkedAccount, ClientSocialAccount, ClientUser } from './types.ts';

const seconds = (value: unknown): Date | null => (typeof value === 'number' ? new Date(value * 1000) : null);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function toClientAccount(account: LinkedAccount): ClientLinkedAccount {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(account)) {
    out[camel(key)] = key.endsWith('_at') ? seconds(value) : value;
  }
  // The client form names a phone's number `number` (spec document 1 §3).
  if (account.type === 'phone' && typeof out.phoneNumber === 'string') out.number ??= out.phoneNumber;
  out.verifiedAt ??= new Date(0);
  out.firstVerifiedAt ??= null;
  out.latestVerifiedAt ??= null;
  return out as ClientLinkedAccount;
}

/** A social account's provider fields: its client form without the type and the dates. */
function toSocialAccount(account: ClientLinkedAccount): ClientSocialAccount {
  const { type, verifiedAt, firstVerifiedAt, latestVerifiedAt, ...fields } = account;
  return fields as unknown as ClientSocialAccount;
}

// The same wire user always maps to the same object, so React sees a stable snapshot.
const cache = new WeakMap<User, ClientUser>();

/**
 * Turns the wire user into the client form: camelCase keys, seconds turned into dates, and a
 * convenience field per account kind.
 *
 * @example
 * toClientUser(wireUser).email?.address // 'alice@example.com'
 */
export function toClientUser(user: User): ClientUser {
  const cached = cache.get(user);
  if (cached) return cached;
  const linkedAccounts = user.linked_accounts.map(toClientAccount);
  const email = linkedAccounts.find((a) => a.type === 'email');
  const phone = linkedAccounts.find((a) => a.type === 'phone');
  const custom = linkedAccounts.find((a) => a.type === 'custom_auth');
  const client: ClientUser = {
    id: user.id,
    createdAt: new Date(user.created_at * 1000),
    linkedAccounts,
    customMetadata: user.custom_metadata ?? {},
    isGuest: user.is_guest,
    hasAcceptedTerms: user.has_accepted_terms,
    mfaMethods: user.mfa_methods.map((m) => ({ type: m.type, verifiedAt: new Date(m.verified_at * 1000) })),
  };
  if (typeof email?.address === 'string') client.email = { address: email.address };
  if (typeof phone?.number === 'string') client.phone = { number: phone.number };
  if (typeof custom?.customUserId === 'string') client.customAuth = { customUserId: custom.customUserId };
  // A social account (`google_oauth` …) under its provider's name, the first of each; a Telegram or
  // Farcaster account under its type.
  for (const account of linkedAccounts) {
    const provider = account.type.endsWith('_oauth') ? (account.type.slice(0, -6) as OAuthProvider) : null;
    if (provider && typeof account.subject === 'string') client[provider] ??= toSocialAccount(account);
    else if (account.type === 'telegram' || account.type === 'farcaster')
      Object.assign(client, { [account.type]: client[account.type] ?? toSocialAccount(account) });
  }
  cache.set(user, client);
  return client;
}
