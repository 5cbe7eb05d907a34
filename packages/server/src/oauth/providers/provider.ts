import type * as oauth from 'oauth4webapi';

/** What the provider says about the user: its `subject` and the profile fields it gave. */
export interface ProviderProfile {
  subject: string;
  username?: string | null | undefined;
  name?: string | null | undefined;
  email?: string | null | undefined;
  profile_picture_url?: string | null | undefined;
  vanity_name?: string | null | undefined;
}

/** The provider's tokens, as the app may ask for them (`oauth_tokens`). */
export interface ProviderTokens {
  access_token: string;
  expires_in?: number | undefined;
  refresh_token?: string | undefined;
  refresh_token_expires_in?: number | undefined;
  scope?: string | undefined;
  /** The ID token as the provider sent it (LINE's, verified by LINE's own endpoint). */
  id_token?: string | undefined;
  /** OpenID providers: the ID token's claims, checked (signature, iss, aud, exp, nonce). */
  claims?: oauth.IDToken | undefined;
}

/** What a provider's profile reader is handed. */
export interface ProfileRequest {
  tokens: ProviderTokens;
  /** The provider's endpoints (its defaults, with the server's overrides). */
  endpoints: Readonly<Record<string, string>>;
  clientId: string;
  /** A GET to the provider's API with the access token (oauth4webapi's protected-resource request). */
  get(url: string, headers?: Record<string, string>): Promise<Response>;
  /** A form POST to the provider (LINE's ID token verification). */
  postForm(url: string, form: Record<string, string>): Promise<Response>;
}

/** The app's client at a provider, its secrets opened (oauth/credentials.ts). */
export interface ProviderClient {
  clientId: string;
  /** A client secret, or for Apple the key its per-request secret is signed with. */
  clientSecret?: string | undefined;
  apple?: { teamId: string; keyId: string; privateKey: string } | undefined;
  scopes?: string[] | undefined;
  /** Custom OpenID providers: where discovery starts. */
  issuer?: string | undefined;
}

/**
 * One provider, described as data plus the few functions where it departs from the standard.
 * `endpoints` use the OAuth metadata names (`authorization_endpoint`, `token_endpoint`,
 * `userinfo_endpoint`, `jwks_uri`, `issuer`) and a provider's own (`emails_endpoint`, …); the
 * server's `oauthEndpoints` setting overrides them.
 */
export interface ProviderDefinition {
  /** `openid`: an OpenID Connect provider, whose ID token is checked and read. */
  kind: 'openid' | 'oauth2';
  endpoints: Readonly<Record<string, string>>;
  /** Default scopes (the app's `scopes` replace them). */
  scopes: readonly string[];
  /** How scopes are joined in the authorization request (TikTok: commas). */
  scopeSeparator?: string;
  /** Sends a PKCE S256 challenge (providers that support it). */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuthentication:
    | 'client_secret_post'
    | 'client_secret_basic'
    | ((client: ProviderClient) => oauth.ClientAuth);
  /** Fixed authorization request parameters (Apple: `response_mode=form_post`). */
  authorizationParameters?: Readonly<Record<string, string>>;
  /** Rewrites the authorization request where the provider departs from RFC 6749 (TikTok's `client_key`). */
  adjustAuthorization?(parameters: URLSearchParams): void;
  /**
   * Reads a token response that is not RFC 6749's (Instagram's `data` array); by default
   * oauth4webapi's `processAuthorizationCodeResponse` does.
   */
  readTokenResponse?(response: Response): Promise<ProviderTokens>;
  /** Reads the user's profile; OpenID providers' default is the ID token's claims and userinfo. */
  profile?(request: ProfileRequest): Promise<ProviderProfile>;
}

/** A JSON body, or an error naming what was expected. */
export async function jsonBody(response: Response, what: string): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderResponseError(`${what} is not a JSON object (HTTP ${response.status})`);
  return body as Record<string, unknown>;
}

/** A string field, or undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** The provider answered something this server cannot read as its documented response. */
export class ProviderResponseError extends Error {
  override readonly name = 'ProviderResponseError';
}

/** The provider says the account is suspended (`oauth_account_suspended`). */
export class AccountSuspendedError extends Error {
  override readonly name = 'AccountSuspendedError';
}

/** Reads a profile endpoint's JSON; a non-2xx answer is an error naming the endpoint. */
export async function profileJson(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new ProviderResponseError(`${what} answered HTTP ${response.status}`);
  return jsonBody(response, what);
}

/**
 * Reads an RFC 6749 §5.1 token response without checking an ID token in it: for a provider whose
 * ID token is verified another way (LINE signs it with the channel secret and verifies it at its
 * own endpoint), where oauth4webapi would insist on an asymmetric signature it can check.
 */
export async function readPlainTokenResponse(response: Response, what: string): Promise<ProviderTokens> {
  const body = await jsonBody(response, what);
  if (!response.ok || typeof body.error === 'string')
    throw new ProviderResponseError(`${what}: ${text(body.error) ?? `HTTP ${response.status}`}`);
  const accessToken = text(body.access_token);
  if (!accessToken) throw new ProviderResponseError(`${what} has no access_token`);
  const seconds = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);
  return {
    access_token: accessToken,
    expires_in: seconds(body.expires_in),
    refresh_token: text(body.refresh_token),
    refresh_token_expires_in: seconds(body.refresh_token_expires_in),
    scope: text(body.scope),
    id_token: text(body.id_token),
  };
}
