import {
  AccountSuspendedError,
  type ProviderDefinition,
  ProviderResponseError,
  profileJson,
  text,
} from './provider.ts';

/** X answers a suspended account's calls 403, its text naming the suspension (v1.1 code 64). */
async function assertNotSuspended(response: Response): Promise<void> {
  if (response.status !== 403) return;
  const body = await response.text();
  if (/suspended/i.test(body)) throw new AccountSuspendedError('X reports the account as suspended');
  throw new ProviderResponseError('X /2/users/me answered HTTP 403');
}

/**
 * X / Twitter (OAuth 2.0 with PKCE, a confidential client authenticating with Basic): `GET
 * /2/users/me` wraps the user in `data` (`id`, `username`, `name`, `profile_image_url`).
 * https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
 */
export const twitter: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://x.com/i/oauth2/authorize',
    token_endpoint: 'https://api.x.com/2/oauth2/token',
    userinfo_endpoint: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
  },
  scopes: ['users.read', 'tweet.read', 'offline.access'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
  async profile(request) {
    const response = await request.get(request.endpoints.userinfo_endpoint!);
    await assertNotSuspended(response);
    const body = await profileJson(response, 'X /2/users/me');
    const user = (body.data ?? {}) as Record<string, unknown>;
    const subject = text(user.id);
    if (!subject) throw new ProviderResponseError('X /2/users/me has no data.id');
    return {
      subject,
      username: text(user.username),
      name: text(user.name),
      profile_picture_url: text(user.profile_image_url),
    };
  },
};
