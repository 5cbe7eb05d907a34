import {
  isOAuthProviderName,
  type LoginMode,
  type OAuthProviderName,
  type OAuthTokens,
  oauthApi,
  oauthDeniedCode,
  type User,
} from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from '../flows/context.ts';
import { trackEvent } from '../flows/trackEvent.ts';
import { storageKeys } from '../storage.ts';
import { createPkce } from './pkce.ts';
import type { OAuthReturn } from './return-params.ts';

export interface InitOAuthParameters {
  /** One of the ten providers, or `custom:{name}`. */
  provider: OAuthProviderName;
  /** The page the server sends the user back to: on one of the app's allowed domains. */
  redirectTo: string;
  captchaToken?: string | undefined;
}

export interface OAuthCodeParameters extends OAuthReturn {
  /** `no-signup` refuses unknown users (login only). */
  mode?: LoginMode | undefined;
}

/** A login with OAuth: the user, and the provider's tokens when the app has the server return them. */
export interface OAuthLoginResult extends LoginResult {
  oauthTokens: OAuthTokens | null;
}

export interface OAuthLinkResult {
  user: User;
  oauthTokens: OAuthTokens | null;
}

/** The message of a return without this device's verifier (spec document 1 §5). */
const noVerifier = 'Authentication error.';
const phishing = 'Unexpected auth flow. This may be a phishing attempt.';

/**
 * Starts OAuth with a provider (`POST /api/v1/oauth/init`): a fresh PKCE verifier and state are
 * kept in storage, the S256 challenge and the state go to the server, and the provider's
 * authorization URL comes back. Send the user there (redirect or popup).
 *
 * @example
 * const url = await initOAuth(ctx, { provider: 'google', redirectTo: location.href });
 * location.assign(url);
 */
export async function initOAuth(ctx: FlowContext, params: InitOAuthParameters): Promise<string> {
  if (!isOAuthProviderName(params.provider))
    throw new LatchkeyClientError('invalid_input', `Invalid OAuth provider "${params.provider}"`);
  const { codeVerifier, stateCode, codeChallenge } = createPkce();
  await ctx.storage.put(storageKeys.oauthCodeVerifier, codeVerifier);
  await ctx.storage.put(storageKeys.oauthStateCode, stateCode);
  const body = {
    provider: params.provider,
    redirect_to: params.redirectTo,
    token: params.captchaToken,
    code_challenge: codeChallenge,
    state_code: stateCode,
  };
  const { url } = await ctx.http.call(oauthApi.oauthInit, body, noBearer);
  return url;
}

/**
 * The checks a return passes before its code is spent (spec document 1 §4 OAuth, §5): the user
 * said yes, this device started the attempt, and the state is the one it stored (else someone
 * else's code was planted on this page: reported as a possible phishing attempt).
 */
async function verifiedReturn(ctx: FlowContext, ret: OAuthReturn) {
  if (ret.code === oauthDeniedCode || ret.code === '')
    throw new LatchkeyClientError('oauth_user_denied', 'The user denied the OAuth request.');
  const codeVerifier = await ctx.storage.get(storageKeys.oauthCodeVerifier);
  const stored = await ctx.storage.get(storageKeys.oauthStateCode);
  if (!codeVerifier || !stored) throw new LatchkeyClientError('oauth_unexpected', noVerifier);
  if (stored !== ret.state) {
    await trackEvent(
      { ...ctx, getAnalyticsId: async () => ctx.storage.get(storageKeys.analyticsId) },
      'possible_phishing_attempt',
      { flow: 'oauth', provider: ret.provider },
    );
    throw new LatchkeyClientError('pkce_state_code_mismatch', phishing);
  }
  return { authorization_code: ret.code, state_code: ret.state, code_verifier: codeVerifier };
}

/** The verifier and state are spent once a code went through. */
async function forgetPkce(ctx: FlowContext) {
  await ctx.storage.del(storageKeys.oauthCodeVerifier);
  await ctx.storage.del(storageKeys.oauthStateCode);
}

/**
 * Logs in with the code the provider's return brought (`POST /api/v1/oauth/authenticate`).
 *
 * @example
 * const { user, isNewUser } = await loginWithOAuthCode(ctx, { code, state, provider: 'google' });
 */
export async function loginWithOAuthCode(
  ctx: FlowContext,
  params: OAuthCodeParameters,
): Promise<OAuthLoginResult> {
  assertLoggedOut(ctx);
  const body = await verifiedReturn(ctx, params);
  const response = await ctx.http.call(oauthApi.oauthAuthenticate, { ...body, mode: params.mode }, noBearer);
  await forgetPkce(ctx);
  const result = await completeLogin(ctx, response);
  return { ...result, oauthTokens: response.oauth_tokens ?? null };
}

/**
 * Links the provider's account to the logged-in user (`POST /api/v1/oauth/link`).
 *
 * @example
 * const { user } = await linkWithOAuthCode(ctx, { code, state, provider: 'github' });
 */
export async function linkWithOAuthCode(ctx: FlowContext, params: OAuthReturn): Promise<OAuthLinkResult> {
  assertLoggedIn(ctx);
  const body = await verifiedReturn(ctx, params);
  const response = await ctx.http.call(oauthApi.oauthLink, body);
  await forgetPkce(ctx);
  const { oauth_tokens, ...user } = response;
  return { user: await completeAccountChange(ctx, user), oauthTokens: oauth_tokens ?? null };
}

/**
 * Unlinks a provider's account from the user (`POST /api/v1/oauth/unlink`).
 *
 * @example
 * const user = await unlinkOAuth(ctx, { provider: 'google', subject: '1234567890' });
 */
export async function unlinkOAuth(
  ctx: FlowContext,
  params: { provider: OAuthProviderName; subject: string },
): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(oauthApi.oauthUnlink, params));
}
