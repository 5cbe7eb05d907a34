import { type LinkedAccount, type OAuthTokens, oauthProviders, type User } from '@latchkey/protocol';
import type { ClientLinkedAccount, ClientSocialAccount, ClientUser, OAuthTokensEvent } from './types.ts';

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

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The provider's fields of a social account (the client form of the account, without its type and dates). */
function toSocialAccount(account: ClientLinkedAccount): ClientSocialAccount {
  return {
    subject: String(account.subject),
    email: text(account.email),
    name: text(account.name),
    username: text(account.username),
    profilePictureUrl: text(account.profilePictureUrl),
    vanityName: text(account.vanityName),
  };
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
  for (const provider of oauthProviders) {
    const social = linkedAccounts.find((a) => a.type === `${provider}_oauth`);
    if (typeof social?.subject === 'string') client[provider] = toSocialAccount(social);
  }
  cache.set(user, client);
  return client;
}

/**
 * A provider's tokens in the client's camelCase form, with the user they were granted for.
 *
 * @example
 * toOAuthTokensEvent({ provider: 'google', access_token: 'ya29…' }, user).oAuthTokens.accessToken // 'ya29…'
 */
export function toOAuthTokensEvent(tokens: OAuthTokens, user: ClientUser): OAuthTokensEvent {
  return {
    user,
    oAuthTokens: {
      provider: tokens.provider,
      accessToken: tokens.access_token,
      accessTokenExpiresInSeconds: tokens.access_token_expires_in_seconds ?? null,
      refreshToken: tokens.refresh_token ?? null,
      refreshTokenExpiresInSeconds: tokens.refresh_token_expires_in_seconds ?? null,
      scopes: tokens.scopes ?? [],
    },
  };
}
