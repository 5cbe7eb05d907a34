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

/** A custom OpenID provider an app declares (`custom_oauth_providers`): `custom:{name}`. */
export type CustomOAuthProviderName = `custom:${string}`;

/**
 * A provider the OAuth routes name: one of the ten, or a custom OpenID provider. (`privy:{appId}`
 * cross-app providers are not served.)
 */
export type OAuthProviderName = OAuthProvider | CustomOAuthProviderName;

/**
 * True for a provider the OAuth routes take (spec document 1 §5): one of the ten, or
 * `custom:{name}` with the name the app config allows.
 *
 * @example
 * isOAuthProviderName('google') // true
 * isOAuthProviderName('custom:acme') // true
 * isOAuthProviderName('myspace') // false
 */
export function isOAuthProviderName(provider: string): provider is OAuthProviderName {
  return isOAuthProvider(provider) || /^custom:[a-z0-9_-]{1,50}$/.test(provider);
}
