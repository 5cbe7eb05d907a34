import { importPKCS8, SignJWT } from 'jose';
import type * as oauth from 'oauth4webapi';
import type { ProviderClient, ProviderDefinition } from './provider.ts';

/** Apple's client secrets live five minutes: one is signed per token request. */
const clientSecretLifetimeSeconds = 5 * 60;

/**
 * Sign in with Apple's client secret: an ES256 JWT signed with the app's key, `iss` its team id,
 * `sub` its Services ID, `aud` Apple's issuer, sent as `client_secret` (Apple's documented scheme,
 * not RFC 7523's `client_assertion`, hence written here).
 * https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
 */
function appleClientSecret(client: ProviderClient): oauth.ClientAuth {
  return async (as, _client, body) => {
    if (!client.apple) throw new Error('Apple credentials without a signing key');
    const key = await importPKCS8(client.apple.privateKey, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: client.apple.keyId })
      .setIssuer(client.apple.teamId)
      .setSubject(client.clientId)
      .setAudience(as.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + clientSecretLifetimeSeconds)
      .sign(key);
    body.set('client_id', client.clientId);
    body.set('client_secret', secret);
  };
}

/**
 * Sign in with Apple (OpenID Connect): the profile is the ID token's `sub` and `email`. Asking
 * for `name email` requires `response_mode=form_post`, so Apple comes back with a form POST to the
 * callback. Apple has no userinfo endpoint and does not document PKCE; the nonce is checked.
 */
export const apple: ProviderDefinition = {
  kind: 'openid',
  endpoints: {
    issuer: 'https://appleid.apple.com',
    authorization_endpoint: 'https://appleid.apple.com/auth/authorize',
    token_endpoint: 'https://appleid.apple.com/auth/token',
    jwks_uri: 'https://appleid.apple.com/auth/keys',
  },
  scopes: ['name', 'email'],
  pkce: false,
  clientAuthentication: appleClientSecret,
  authorizationParameters: { response_mode: 'form_post' },
};
