import type { LoginMode } from '../login-methods.ts';
import type { OAuthProviderName } from '../oauth-providers.ts';
import type { AuthenticatedUser, User } from '../user.ts';
import type { UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * OAuth logins (WIRE.md §3.4). The client starts with `/oauth/init` and sends the browser to the
 * URL it gets; the provider comes back to the server's own callback (`oauthCallbackApi`), which
 * redirects to `redirect_to` with `privy_oauth_code`, `privy_oauth_state` and
 * `privy_oauth_provider` (`oauthReturnParams`); the client then posts the code to
 * `/oauth/authenticate` or `/oauth/link`.
 */

export interface OAuthInitRequest {
  provider: OAuthProviderName;
  /** Where the server sends the browser back: an origin of the app's `allowed_domains`. */
  redirect_to: string;
  /** The captcha token. */
  token?: string;
  /** PKCE S256: base64url(SHA-256(code_verifier)), 43 characters. */
  code_challenge: string;
  /** The client's state: base64url of 36 random bytes (43 to 128 characters accepted). */
  state_code: string;
}

export interface OAuthLinkRequest {
  /** `privy_oauth_code` from the redirect. */
  authorization_code: string;
  /** The `state_code` the flow was started with (the client compares `privy_oauth_state` first). */
  state_code: string;
  /** The PKCE verifier whose challenge `/oauth/init` was given. */
  code_verifier: string;
  /** `raw`: a provider's code from a native sign-in (not served: `not_supported`). */
  code_type?: 'raw';
  /** The cross-app flow names its provider (not served: `not_supported`). */
  provider?: string;
}

export interface OAuthAuthenticateRequest extends OAuthLinkRequest {
  mode?: LoginMode;
}

/**
 * The provider's tokens, for apps that call the provider's API themselves; only when the app's
 * server setting `return_oauth_tokens` is on.
 */
export interface OAuthTokens {
  provider: string;
  access_token: string;
  access_token_expires_in_seconds?: number;
  refresh_token?: string;
  refresh_token_expires_in_seconds?: number;
  scopes?: string[];
}

export interface OAuthUnlinkRequest {
  provider: OAuthProviderName;
  subject: string;
}

/**
 * The account as an `account_transfer_required` refusal described it (`data.otherUser.oAuthUserInfo`),
 * sent back by the web transfer. The server reads only `subject`: the profile it keeps is the one
 * the provider gave it.
 */
export interface OAuthUserInfo {
  subject: string;
  email?: string;
  name?: string;
  username?: string;
  vanityName?: string;
  profilePictureUrl?: string;
  embeddedWalletAddresses?: string[];
  smartWalletAddresses?: string[];
  meta?: { providerAppId?: string };
}

/**
 * Web: the account the refusal named; native: the authorization code again. The route is with the
 * other account transfers (`transferApi.oauthTransfer`).
 */
export type OAuthTransferRequest =
  | { nonce: string; userInfo: OAuthUserInfo }
  | ({ nonce: string } & Omit<OAuthLinkRequest, 'provider'>);

const oauthTable = {
  oauthInit: { method: 'POST', path: '/api/v1/oauth/init' },
  oauthAuthenticate: { method: 'POST', path: '/api/v1/oauth/authenticate' },
  oauthLink: { method: 'POST', path: '/api/v1/oauth/link' },
  oauthUnlink: { method: 'POST', path: '/api/v1/oauth/unlink' },
} as const;

export const oauthApi: TypedRoutes<
  typeof oauthTable,
  {
    oauthInit: { request: OAuthInitRequest; response: { url: string } };
    oauthAuthenticate: {
      request: OAuthAuthenticateRequest;
      response: AuthenticatedUser & { oauth_tokens?: OAuthTokens };
    };
    oauthLink: { request: OAuthLinkRequest; response: User & { oauth_tokens?: OAuthTokens } };
    oauthUnlink: UserChangeTypes<OAuthUnlinkRequest>;
  }
> = oauthTable;

/**
 * The server's own callback, where providers send the browser back (`redirect_uri`): a GET with
 * `code` and `state` in the query, or a form POST (`response_mode=form_post`, Apple). It answers a
 * redirect to the flow's `redirect_to`, never JSON; clients never call it.
 */
const oauthCallbackTable = {
  oauthCallback: { method: 'GET', path: '/api/v1/oauth/callback' },
  oauthCallbackFormPost: { method: 'POST', path: '/api/v1/oauth/callback' },
} as const;

export const oauthCallbackApi: TypedRoutes<
  typeof oauthCallbackTable,
  {
    oauthCallback: { request: undefined; response: never };
    oauthCallbackFormPost: { request: undefined; response: never };
  }
> = oauthCallbackTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const oauthReference: ReferenceArea = {
  name: 'OAuth',
  description: 'Social login through OAuth / OIDC providers (WIRE.md §3.5).',
  tables: [
    [oauthApi, 'user', { oauthInit: 'app', oauthAuthenticate: 'app' }],
    [oauthCallbackApi, 'public'],
  ],
};
