import type { ProviderDefinition } from './provider.ts';

/**
 * Google (OpenID Connect): the profile is the ID token's claims (`sub`, `email`, `name`,
 * `picture`) and userinfo. Google's code-flow ID tokens carry `iss: https://accounts.google.com`.
 * https://developers.google.com/identity/openid-connect/openid-connect
 */
export const google: ProviderDefinition = {
  kind: 'openid',
  endpoints: {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  scopes: ['openid', 'email', 'profile'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
};
