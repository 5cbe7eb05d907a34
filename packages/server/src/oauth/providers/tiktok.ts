import type * as oauth from 'oauth4webapi';
import {
  type ProviderClient,
  type ProviderDefinition,
  ProviderResponseError,
  profileJson,
  text,
} from './provider.ts';

/** TikTok names the client `client_key`, in the token request as in the authorization request. */
function clientKeyAuth(client: ProviderClient): oauth.ClientAuth {
  return (_as, _client, body) => {
    body.delete('client_id');
    body.set('client_key', client.clientId);
    body.set('client_secret', client.clientSecret ?? '');
  };
}

/**
 * TikTok (Login Kit v2, OAuth 2.0): the client is `client_key` rather than `client_id`, scopes are
 * comma-separated, and `GET /v2/user/info/` wraps the user in `data.user` (`open_id`,
 * `display_name`, `username`, `avatar_url`) beside an `error` object whose `code` is "ok".
 * https://developers.tiktok.com/doc/oauth-user-access-token-management
 */
export const tiktok: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    token_endpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfo_endpoint:
      'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username',
  },
  scopes: ['user.info.basic', 'user.info.profile'],
  scopeSeparator: ',',
  pkce: true,
  clientAuthentication: clientKeyAuth,
  adjustAuthorization(parameters) {
    const clientId = parameters.get('client_id');
    parameters.delete('client_id');
    if (clientId) parameters.set('client_key', clientId);
  },
  async profile(request) {
    const body = await profileJson(
      await request.get(request.endpoints.userinfo_endpoint!),
      'TikTok /v2/user/info',
    );
    const error = body.error as { code?: unknown; message?: unknown } | undefined;
    if (error && error.code !== 'ok')
      throw new ProviderResponseError(`TikTok /v2/user/info: ${text(error.code)}`);
    const user = ((body.data as { user?: unknown } | undefined)?.user ?? {}) as Record<string, unknown>;
    const subject = text(user.open_id);
    if (!subject) throw new ProviderResponseError('TikTok /v2/user/info has no data.user.open_id');
    return {
      subject,
      username: text(user.username),
      name: text(user.display_name),
      profile_picture_url: text(user.avatar_url),
    };
  },
};
