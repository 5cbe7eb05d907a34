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
