import {
  AccountSuspendedError,
  type ProfileRequest,
  type ProviderDefinition,
  ProviderResponseError,
  profileJson,
  text,
} from './provider.ts';

const apiHeaders = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

/** The primary verified address from `GET /user/emails`, when the profile's own is private. */
async function primaryEmail(request: ProfileRequest): Promise<string | undefined> {
  const endpoint = request.endpoints.emails_endpoint;
  if (!endpoint) return undefined;
  const response = await request.get(endpoint, apiHeaders);
  if (!response.ok) return undefined;
  const emails: unknown = await response.json().catch(() => null);
  if (!Array.isArray(emails)) return undefined;
  const primary = emails.find(
    (e: { primary?: unknown; verified?: unknown }) => e?.primary === true && e?.verified === true,
  ) as { email?: unknown } | undefined;
  return text(primary?.email);
}

/**
 * GitHub (OAuth 2.0): `GET /user` gives `id`, `login`, `name`, `email` (null when private, then
 * `GET /user/emails` gives the primary verified one). A suspended account's API calls answer 403
 * "Sorry. Your account was suspended.".
 * https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 */
export const github: ProviderDefinition = {
  kind: 'oauth2',
  endpoints: {
    authorization_endpoint: 'https://github.com/login/oauth/authorize',
    token_endpoint: 'https://github.com/login/oauth/access_token',
    userinfo_endpoint: 'https://api.github.com/user',
    emails_endpoint: 'https://api.github.com/user/emails',
  },
  scopes: ['read:user', 'user:email'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
  async profile(request) {
    const response = await request.get(request.endpoints.userinfo_endpoint!, apiHeaders);
    if (response.status === 403) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      if (typeof body.message === 'string' && /suspended/i.test(body.message))
        throw new AccountSuspendedError(body.message);
      throw new ProviderResponseError('GitHub /user answered HTTP 403');
    }
    const user = await profileJson(response, 'GitHub /user');
    const subject = text(user.id);
    if (!subject) throw new ProviderResponseError('GitHub /user has no id');
    return {
      subject,
      username: text(user.login),
      name: text(user.name),
      email: text(user.email) ?? (await primaryEmail(request)),
      profile_picture_url: text(user.avatar_url),
    };
  },
};
