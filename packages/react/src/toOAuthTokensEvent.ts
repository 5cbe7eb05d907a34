import type { OAuthTokens } from '@latchkey/protocol';
import type { ClientUser, OAuthTokensEvent } from './types.ts';

// Apart from toClientUser.ts, which is in every app's first load: only OAuth's lazy chunks use this.

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
