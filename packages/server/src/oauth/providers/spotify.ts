import { type ProviderDefinition, ProviderResponseError, profileJson, text } from './provider.ts';

/**
 * Spotify (OAuth 2.0 with PKCE): `GET /v1/me` gives `id`, `display_name`, `email` and `images`.
 * https://developer.spotify.com/documentation/web-api/tutorials/code-flow
 */
export const spotify: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://accounts.spotify.com/authorize',
    token_endpoint: 'https://accounts.spotify.com/api/token',
    userinfo_endpoint: 'https://api.spotify.com/v1/me',
  },
  scopes: ['user-read-email', 'user-read-private'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
  async profile(request) {
    const user = await profileJson(await request.get(request.endpoints.userinfo_endpoint!), 'Spotify /v1/me');
    const subject = text(user.id);
    if (!subject) throw new ProviderResponseError('Spotify /v1/me has no id');
    const images = Array.isArray(user.images) ? (user.images as { url?: unknown }[]) : [];
    return {
      subject,
      name: text(user.display_name),
      email: text(user.email),
      profile_picture_url: text(images[0]?.url),
    };
  },
};
