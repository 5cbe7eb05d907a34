import {
  type ProviderDefinition,
  ProviderResponseError,
  profileJson,
  readPlainTokenResponse,
  text,
} from './provider.ts';

/**
 * LINE Login v2.1 (OAuth 2.0 with PKCE): `GET /v2/profile` gives `userId`, `displayName` and
 * `pictureUrl`; the email comes only inside the ID token, which LINE signs with the channel
 * secret for web logins, so it is read through LINE's own verification endpoint
 * (`POST /oauth2/v2.1/verify` with `id_token` and `client_id`), as LINE documents.
 * https://developers.line.biz/en/docs/line-login/integrate-line-login/
 */
export const line: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://access.line.me/oauth2/v2.1/authorize',
    token_endpoint: 'https://api.line.me/oauth2/v2.1/token',
    userinfo_endpoint: 'https://api.line.me/v2/profile',
    verify_endpoint: 'https://api.line.me/oauth2/v2.1/verify',
  },
  scopes: ['profile', 'openid', 'email'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
  readTokenResponse: (response) => readPlainTokenResponse(response, 'LINE token response'),
  async profile(request) {
    const user = await profileJson(
      await request.get(request.endpoints.userinfo_endpoint!),
      'LINE /v2/profile',
    );
    const subject = text(user.userId);
    if (!subject) throw new ProviderResponseError('LINE /v2/profile has no userId');
    let email: string | undefined;
    const idToken = text(request.tokens.id_token);
    if (idToken && request.endpoints.verify_endpoint) {
      const verified = await profileJson(
        await request.postForm(request.endpoints.verify_endpoint, {
          id_token: idToken,
          client_id: request.clientId,
        }),
        'LINE /oauth2/v2.1/verify',
      );
      if (text(verified.sub) !== subject) throw new ProviderResponseError('LINE ID token names another user');
      email = text(verified.email);
    }
    return { subject, name: text(user.displayName), email, profile_picture_url: text(user.pictureUrl) };
  },
};
