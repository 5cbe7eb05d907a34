import type { ProviderDefinition } from './provider.ts';

/**
 * LinkedIn (Sign In with LinkedIn using OpenID Connect): the profile is the ID token's claims and
 * userinfo (`sub`, `email`, `name`, `picture`). LinkedIn offers PKCE to native clients only, so
 * web logins send none. The vanity name is not part of its OpenID profile.
 * https://learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 */
export const linkedin: ProviderDefinition = {
  kind: 'openid',
  endpoints: {
    issuer: 'https://www.linkedin.com/oauth',
    authorization_endpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    token_endpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfo_endpoint: 'https://api.linkedin.com/v2/userinfo',
    jwks_uri: 'https://www.linkedin.com/oauth/openid/jwks',
  },
  scopes: ['openid', 'profile', 'email'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
};
