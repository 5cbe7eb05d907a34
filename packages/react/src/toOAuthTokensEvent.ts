import type { OAuthTokens as WireOAuthTokens } from '@latchkey/protocol';
import type { OAuthProviderID } from './callbacks.ts';
import type { ClientUser, OAuthTokens, OAuthTokensEvent } from './types.ts';

// Apart from toClientUser.ts, which is in every app's first load: only OAuth's lazy chunks use this.

/**
 * A provider's tokens in the client's camelCase form, with the user they were granted for.
 *
 * @example
 * toOAuthTokensEvent({ provider: 'google', access_token: 'ya29…' }, user).oAuthTokens.accessToken // 'ya29…'
 */
export function toOAuthTokensEvent(tokens: WireOAuthTokens, user: ClientUser): OAuthTokensEvent {
  const oAuthTokens: OAuthTokens = {
    provider: tokens.provider as OAuthProviderID,
    accessToken: tokens.access_token,
  };
  // The wire may carry null for a field the provider did not give; the client's form leaves it out.
  if (tokens.access_token_expires_in_seconds != null)
    oAuthTokens.accessTokenExpiresInSeconds = tokens.access_token_expires_in_seconds;
  if (tokens.refresh_token != null) oAuthTokens.refreshToken = tokens.refresh_token;
  if (tokens.refresh_token_expires_in_seconds != null)
    oAuthTokens.refreshTokenExpiresInSeconds = tokens.refresh_token_expires_in_seconds;
  if (tokens.scopes != null) oAuthTokens.scopes = tokens.scopes;
  return { user, oAuthTokens };
}
