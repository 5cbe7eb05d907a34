import * as oauth from 'oauth4webapi';
import type { ProviderClient, ProviderDefinition } from './provider.ts';

/**
 * The client authentication the provider's metadata supports: `client_secret_basic` (OpenID
 * Connect's default, used when the metadata names none), else `client_secret_post`.
 */
function discoveredClientAuth(client: ProviderClient): oauth.ClientAuth {
  const secret = client.clientSecret ?? '';
  return (as, c, body, headers) => {
    const supported = as.token_endpoint_auth_methods_supported;
    const basic =
      !supported || supported.includes('client_secret_basic') || !supported.includes('client_secret_post');
    return (basic ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret))(as, c, body, headers);
  };
}

/**
 * A custom OpenID provider (`custom:{name}`): its endpoints come from discovery at the issuer the
 * app configured (oauth/endpoints.ts); the profile is the ID token's claims and userinfo
 * (`sub`, `email`, `name`, `preferred_username`, `picture`).
 */
export const customOidc: ProviderDefinition = {
  kind: 'openid',
  endpoints: {},
  scopes: ['openid', 'email', 'profile'],
  pkce: true,
  clientAuthentication: discoveredClientAuth,
};
