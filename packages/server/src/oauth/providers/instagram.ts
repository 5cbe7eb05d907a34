import { jsonBody, type ProviderDefinition, ProviderResponseError, profileJson, text } from './provider.ts';

/**
 * Instagram (Instagram API with Instagram Login, OAuth 2.0 without PKCE). Its token endpoint
 * answers `{data: [{access_token, user_id, permissions}]}` (the older Basic Display API answered
 * the same fields unwrapped) with no `token_type`, which RFC 6749 parsers refuse: read here. The
 * profile is `GET /me?fields=user_id,username`.
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 */
export const instagram: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://www.instagram.com/oauth/authorize',
    token_endpoint: 'https://api.instagram.com/oauth/access_token',
    userinfo_endpoint: 'https://graph.instagram.com/me?fields=user_id,username',
  },
  scopes: ['instagram_business_basic'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
  async readTokenResponse(response) {
    const body = await jsonBody(response, 'Instagram token response');
    if (!response.ok || typeof body.error_type === 'string' || typeof body.error === 'string')
      throw new ProviderResponseError(
        `Instagram refused the code: ${text(body.error_message) ?? text(body.error) ?? response.status}`,
      );
    const entry = (Array.isArray(body.data) ? body.data[0] : body) as Record<string, unknown> | undefined;
    const accessToken = text(entry?.access_token);
    if (!accessToken) throw new ProviderResponseError('Instagram token response has no access_token');
    const permissions = text(entry?.permissions);
    return { access_token: accessToken, scope: permissions?.replaceAll(',', ' ') };
  },
  async profile(request) {
    const user = await profileJson(await request.get(request.endpoints.userinfo_endpoint!), 'Instagram /me');
    const subject = text(user.user_id) ?? text(user.id);
    if (!subject) throw new ProviderResponseError('Instagram /me has no user_id');
    return { subject, username: text(user.username) };
  },
};
