/**
 * The social (OAuth) providers, listed once (spec document 1 §1), in the order the landing screen
 * offers them. A module of their own: an app's first load needs this list (the `linkGoogle` …
 * hooks, the user's social accounts) but not the rest of the login-method tables.
 */
export const oauthProviders = [
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'linkedin',
  'apple',
] as const;

export type OAuthProvider = (typeof oauthProviders)[number];

export const isOAuthProvider = (method: string): method is OAuthProvider =>
  (oauthProviders as readonly string[]).includes(method);

/**
 * A provider the OAuth routes name: one of the ten social providers, a custom OpenID Connect
 * provider `custom:{name}`, or another app for cross-app login `privy:{appId}`.
 */
export type OAuthProviderId = OAuthProvider | `custom:${string}` | `privy:${string}`;

/**
 * True for a provider the client may start OAuth with (spec document 1 §5: one of the ten, or a
 * custom id).
 *
 * @example
 * isOAuthProviderId('google') // true
 * isOAuthProviderId('custom:acme') // true
 * isOAuthProviderId('myspace') // false
 */
export function isOAuthProviderId(provider: string): provider is OAuthProviderId {
  return isOAuthProvider(provider) || /^(custom|privy):[A-Za-z0-9_-]{1,64}$/.test(provider);
}
