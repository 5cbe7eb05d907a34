import { isOAuthProvider, type OAuthProvider } from './login-methods.ts';

/**
 * The query parameters the server's OAuth callback adds to the app's `redirect_to` (WIRE.md §3.4):
 * the client reads them on its return, then removes them from the address (spec document 1 §2).
 */
export const oauthReturnParams = {
  code: 'privy_oauth_code',
  state: 'privy_oauth_state',
  provider: 'privy_oauth_provider',
} as const;

/** The `privy_oauth_code` of a user who said no at the provider (spec document 1 §5). */
export const oauthDeniedCode = 'undefined';

/**
 * A provider the OAuth routes name: one of the ten social providers (`oauthProviders`), a custom
 * OpenID Connect provider `custom:{name}`, or another app for cross-app login `privy:{appId}`.
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
