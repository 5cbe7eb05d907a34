// OAuth (social login): loaded by `client.oauth()` on first use, never in an app's first load.
import type { OAuthProviderName, User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { FlowContext } from '../flows/context.ts';
import {
  type InitOAuthParameters,
  initOAuth,
  linkWithOAuthCode,
  loginWithOAuthCode,
  type OAuthCodeParameters,
  type OAuthLinkResult,
  type OAuthLoginResult,
  unlinkOAuth,
} from './actions.ts';
import { type OAuthAttempt, saveOAuthAttempt, takeOAuthAttempt } from './attempt.ts';
import type { OAuthBrowser } from './browser.ts';
import { type OAuthReturn, readOAuthReturn, withoutOAuthReturn } from './return-params.ts';

export type {
  InitOAuthParameters,
  OAuthCodeParameters,
  OAuthLinkResult,
  OAuthLoginResult,
} from './actions.ts';
export { initOAuth, linkWithOAuthCode, loginWithOAuthCode, unlinkOAuth } from './actions.ts';
export type { OAuthAttempt } from './attempt.ts';
export type { OAuthBrowser, OAuthPopup } from './browser.ts';
export { relayPopupReturn, windowOAuthBrowser } from './browser.ts';
export type { PkceValues } from './pkce.ts';
export { codeChallengeOf, createPkce } from './pkce.ts';
export type { OAuthReturn } from './return-params.ts';
export { popupMarker, readOAuthReturn, withoutOAuthReturn } from './return-params.ts';

/** The page came back from a provider: its return, and what the attempt that left was for. */
export interface OAuthReturnVisit {
  ret: OAuthReturn;
  /** Null when this device kept no record (the attempt started elsewhere, or storage was cleared). */
  attempt: OAuthAttempt | null;
}

/** OAuth for one client: the actions, and the page-level redirect and return. */
export interface OAuthClient {
  /** The provider's authorization URL; the PKCE verifier and state are kept for the return. */
  initOAuth(params: InitOAuthParameters): Promise<string>;
  loginWithCode(params: OAuthCodeParameters): Promise<OAuthLoginResult>;
  linkWithCode(params: OAuthReturn): Promise<OAuthLinkResult>;
  unlink(params: { provider: OAuthProviderName; subject: string }): Promise<User>;
  /**
   * Leaves the page for the provider, remembering what for; the user comes back to this page and
   * `takeReturn` picks the attempt up.
   */
  redirect(attempt: OAuthAttempt & { captchaToken?: string | undefined }): Promise<void>;
  /**
   * This page's OAuth return, taken once: the parameters leave the address bar at once (spec
   * document 1 §2), whether or not the login then goes through. Null when the page has none.
   */
  takeReturn(): Promise<OAuthReturnVisit | null>;
}

/**
 * @example
 * const oauth = await client.oauth();
 * const visit = await oauth.takeReturn();
 * if (visit) await oauth.loginWithCode(visit.ret);
 */
export function createOAuthClient(ctx: FlowContext, browser: OAuthBrowser | null): OAuthClient {
  const page = () => {
    if (!browser) throw new LatchkeyClientError('invalid_input', 'OAuth redirects need a browser page');
    return browser;
  };
  return {
    initOAuth: (params) => initOAuth(ctx, params),
    loginWithCode: (params) => loginWithOAuthCode(ctx, params),
    linkWithCode: (params) => linkWithOAuthCode(ctx, params),
    unlink: (params) => unlinkOAuth(ctx, params),
    async redirect({ captchaToken, ...attempt }) {
      const url = await initOAuth(ctx, {
        provider: attempt.provider,
        redirectTo: withoutOAuthReturn(page().href()),
        captchaToken,
      });
      await saveOAuthAttempt(ctx, attempt);
      page().redirect(url);
    },
    async takeReturn() {
      if (!browser) return null;
      const href = browser.href();
      const ret = readOAuthReturn(href);
      if (!ret) return null;
      browser.replaceAddress(withoutOAuthReturn(href));
      return { ret, attempt: await takeOAuthAttempt(ctx) };
    },
  };
}
