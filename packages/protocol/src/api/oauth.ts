import type { LoginMode } from '../login-methods.ts';
import type { AuthenticatedUser, User } from '../user.ts';
import type { UserChangeTypes } from './common.ts';
import type { TypedRoutes } from './route.ts';

/*
 * OAuth logins (WIRE.md §3.4), not served by this server yet: the contract a build adding them
 * implements. After the provider step the server redirects to `redirect_to` with `privy_oauth_code`,
 * `privy_oauth_state` and `privy_oauth_provider`.
 */

/** `google`, …, `privy:{appId}` (cross-app) or `custom:{name}`. */
export type OAuthProviderName = string;

export interface OAuthInitRequest {
  provider: OAuthProviderName;
  redirect_to: string;
  /** The captcha token. */
  token?: string;
  /** PKCE S256: base64url(SHA-256(verifier)). */
  code_challenge?: string;
  state_code?: string;
}

export interface OAuthLinkRequest {
  authorization_code: string;
  state_code: string;
  code_verifier?: string;
  code_type?: 'raw';
  /** The cross-app flow names its provider. */
  provider?: OAuthProviderName;
}

export interface OAuthAuthenticateRequest extends OAuthLinkRequest {
  mode?: LoginMode;
}

/** The provider's tokens, for apps that call the provider's API themselves. */
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
 * Web: the account as the refusal described it; native: the authorization code again. The route is
 * with the other account transfers (`transferApi.oauthTransfer`).
 */
export type OAuthTransferRequest =
  | {
      nonce: string;
      userInfo: {
        subject: string;
        email?: string;
        name?: string;
        username?: string;
        vanityName?: string;
        profilePictureUrl?: string;
        embeddedWalletAddresses?: string[];
        smartWalletAddresses?: string[];
        meta?: { providerAppId?: string };
      };
    }
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
