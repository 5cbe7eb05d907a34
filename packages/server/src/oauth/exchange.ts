import { type OAuthProviderName, type OAuthTokens, oauthAccountType } from '@latchkey/protocol';
import * as oauth from 'oauth4webapi';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
import { ApiError } from '../http/api-error.ts';
import type { ProviderEndpoints, ResolvedProvider } from './endpoints.ts';
import type { ProviderAnswer } from './flows.ts';
import type {
  ProfileRequest,
  ProviderClient,
  ProviderProfile,
  ProviderTokens,
} from './providers/provider.ts';
import { text } from './providers/provider.ts';

/** What a spent code proves: the identity, and the provider's tokens (`oauth_tokens`). */
export interface ExchangeResult {
  identity: VerifiedIdentity;
  tokens: OAuthTokens;
}

export interface ExchangeParameters {
  provider: OAuthProviderName;
  client: ProviderClient;
  answer: ProviderAnswer;
  /** This server's PKCE verifier at the provider. */
  verifier: string;
  /** The OpenID nonce the ID token must carry. */
  nonce: string | null;
  /** The redirect URI the authorization request named (the server's callback). */
  redirectUri: string;
}

/**
 * Redeems the provider's authorization code and reads who the user is: the token request (PKCE
 * with this server's verifier where the provider supports it), for OpenID providers the ID
 * token's claims (iss, aud, exp, nonce, by oauth4webapi) and signature (the provider's JWKS), then
 * the provider's profile.
 */
export async function exchangeProviderCode(
  endpoints: ProviderEndpoints,
  params: ExchangeParameters,
): Promise<ExchangeResult> {
  if ('error' in params.answer)
    throw new ApiError(
      'invalid_credentials',
      `The provider did not authorize the login (${params.answer.error}).`,
    );
  const resolved = await endpoints.resolve(params.provider, params.client);
  const { definition, as, http } = resolved;
  const client: oauth.Client = { client_id: params.client.clientId };
  // The state was matched when the callback found the login by it; `iss` (RFC 9207) is checked here.
  const callback = new URLSearchParams({ code: params.answer.code });
  if (params.answer.iss) callback.set('iss', params.answer.iss);
  const validated = oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck);
  const auth =
    typeof definition.clientAuthentication === 'function'
      ? definition.clientAuthentication(params.client)
      : definition.clientAuthentication === 'client_secret_basic'
        ? oauth.ClientSecretBasic(params.client.clientSecret ?? '')
        : oauth.ClientSecretPost(params.client.clientSecret ?? '');
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    validated,
    params.redirectUri,
    definition.pkce ? params.verifier : oauth.nopkce,
    http,
  );
  let tokens: ProviderTokens;
  if (definition.readTokenResponse) tokens = await definition.readTokenResponse(response);
  else {
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: params.nonce ?? oauth.expectNoNonce,
      requireIdToken: definition.kind === 'openid',
    });
    if (definition.kind === 'openid') await oauth.validateApplicationLevelSignature(as, response, http);
    tokens = {
      access_token: result.access_token,
      expires_in: result.expires_in,
      refresh_token: result.refresh_token,
      refresh_token_expires_in:
        typeof result.refresh_token_expires_in === 'number' ? result.refresh_token_expires_in : undefined,
      scope: result.scope,
      claims: oauth.getValidatedIdTokenClaims(result),
    };
  }
  const profile = definition.profile
    ? await definition.profile(profileRequest(resolved, params.client, tokens))
    : await openidProfile(resolved, client, tokens);
  return { identity: toIdentity(params.provider, profile), tokens: toWireTokens(params.provider, tokens) };
}

function profileRequest(
  resolved: ResolvedProvider,
  client: ProviderClient,
  tokens: ProviderTokens,
): ProfileRequest {
  return {
    tokens,
    endpoints: resolved.endpoints,
    clientId: client.clientId,
    get: (url, headers = {}) =>
      oauth.protectedResourceRequest(
        tokens.access_token,
        'GET',
        new URL(url),
        new Headers(headers),
        null,
        resolved.http,
      ),
    postForm: (url, form) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form),
        signal: resolved.http.signal(),
        redirect: 'error',
      }),
  };
}

/**
 * An OpenID provider's profile: the checked ID token's claims, and its userinfo when it has an
 * endpoint for it (whose `sub` must be the ID token's). An address the provider marks unverified
 * is left out.
 */
async function openidProfile(
  resolved: ResolvedProvider,
  client: oauth.Client,
  tokens: ProviderTokens,
): Promise<ProviderProfile> {
  const claims: Record<string, unknown> = { ...tokens.claims };
  const subject = text(claims.sub);
  if (!subject) throw new ApiError('invalid_credentials', 'The provider gave no ID token subject.');
  if (resolved.as.userinfo_endpoint) {
    const response = await oauth.userInfoRequest(resolved.as, client, tokens.access_token, resolved.http);
    Object.assign(claims, await oauth.processUserInfoResponse(resolved.as, client, subject, response), {
      sub: subject,
    });
  }
  return {
    subject,
    email:
      claims.email_verified === false || claims.email_verified === 'false' ? undefined : text(claims.email),
    name: text(claims.name),
    username: text(claims.preferred_username),
    profile_picture_url: text(claims.picture),
  };
}

function toIdentity(provider: OAuthProviderName, profile: ProviderProfile): VerifiedIdentity {
  const details: Record<string, string> = {};
  for (const field of ['username', 'name', 'email', 'profile_picture_url', 'vanity_name'] as const) {
    const value = profile[field];
    // Profile values are the provider's: bounded before they are stored and shown.
    if (typeof value === 'string' && value !== '') details[field] = value.slice(0, 1024);
  }
  return { type: oauthAccountType(provider), identifier: profile.subject.slice(0, 256), details };
}

function toWireTokens(provider: OAuthProviderName, tokens: ProviderTokens): OAuthTokens {
  const wire: OAuthTokens = { provider, access_token: tokens.access_token };
  if (tokens.expires_in !== undefined) wire.access_token_expires_in_seconds = tokens.expires_in;
  if (tokens.refresh_token !== undefined) wire.refresh_token = tokens.refresh_token;
  if (tokens.refresh_token_expires_in !== undefined)
    wire.refresh_token_expires_in_seconds = tokens.refresh_token_expires_in;
  if (tokens.scope) wire.scopes = tokens.scope.split(/[\s,]+/).filter(Boolean);
  return wire;
}
