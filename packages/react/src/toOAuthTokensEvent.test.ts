import { describe, expect, it } from 'vitest';
import { toOAuthTokensEvent } from './toOAuthTokensEvent.ts';
import type { User } from './userTypes.ts';

const user = { id: 'did:privy:alice' } as User;

describe('toOAuthTokensEvent', () => {
  it('every field the provider gave, in the client’s names', () => {
    const wire = {
      provider: 'google',
      access_token: 'ya29.a',
      access_token_expires_in_seconds: 3599,
      refresh_token: '1//r',
      refresh_token_expires_in_seconds: 86_400,
      scopes: ['email', 'profile'],
    };
    expect(toOAuthTokensEvent(wire, user)).toEqual({
      user,
      oAuthTokens: {
        provider: 'google',
        accessToken: 'ya29.a',
        accessTokenExpiresInSeconds: 3599,
        refreshToken: '1//r',
        refreshTokenExpiresInSeconds: 86_400,
        scopes: ['email', 'profile'],
      },
    });
  });

  it('a field the provider did not give is absent, as in the incumbent’s OAuthTokens (not null)', () => {
    const wire = { provider: 'github', access_token: 'gho_a', refresh_token: null, scopes: null };
    const { oAuthTokens } = toOAuthTokensEvent(wire as never, user);
    expect(oAuthTokens).toEqual({ provider: 'github', accessToken: 'gho_a' });
    expect(Object.keys(oAuthTokens)).toEqual(['provider', 'accessToken']);
  });
});
