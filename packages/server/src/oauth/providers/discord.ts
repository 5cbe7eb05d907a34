import { type ProviderDefinition, ProviderResponseError, profileJson, text } from './provider.ts';

/**
 * Discord (OAuth 2.0): `GET /users/@me` gives `id`, `username` (with a `discriminator` that is "0"
 * since the move to unique usernames; older accounts' name#1234 is kept), `global_name`, `email`
 * and `avatar`, a hash the picture's CDN address is built from.
 * https://discord.com/developers/docs/topics/oauth2
 */
export const discord: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://discord.com/oauth2/authorize',
    token_endpoint: 'https://discord.com/api/oauth2/token',
    userinfo_endpoint: 'https://discord.com/api/users/@me',
    avatar_base: 'https://cdn.discordapp.com',
  },
  scopes: ['identify', 'email'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
  async profile(request) {
    const user = await profileJson(
      await request.get(request.endpoints.userinfo_endpoint!),
      'Discord /users/@me',
    );
    const subject = text(user.id);
    if (!subject) throw new ProviderResponseError('Discord /users/@me has no id');
    const username = text(user.username);
    const discriminator = text(user.discriminator);
    const avatar = text(user.avatar);
    return {
      subject,
      username:
        username && discriminator && discriminator !== '0' ? `${username}#${discriminator}` : username,
      name: text(user.global_name),
      email: user.verified === false ? undefined : text(user.email),
      profile_picture_url: avatar
        ? `${request.endpoints.avatar_base}/avatars/${encodeURIComponent(subject)}/${encodeURIComponent(avatar)}.png`
        : undefined,
    };
  },
};
