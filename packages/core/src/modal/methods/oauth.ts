import { isOAuthProvider, type OAuthProviderName } from '@latchkey/protocol';
import { LatchkeyApiError, LatchkeyClientError } from '../../errors.ts';
import { accountTransferRequired } from '../../flows/transfer.ts';
import { type OAuthBrowser, type OAuthPopup, windowOAuthBrowser } from '../../oauth/browser.ts';
import type { OAuthReturn } from '../../oauth/return-params.ts';
import { withoutOAuthReturn } from '../../oauth/return-params.ts';
import { errorCode } from '../errors.ts';
import { providerRefusesBrowser } from '../in-app-browser.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import type { FlowRuntime } from '../runtime.ts';
import { oauthTermsDelayMs } from '../timings.ts';
import type { TransferFlow } from '../transfer.ts';

/** Where an OAuth attempt stands (spec document 1 §2 'OAuth status'). */
export type OAuthStatus = 'verifying' | 'success' | 'failure';

declare module '../screens.ts' {
  interface ModalScreens {
    /** An OAuth attempt: waiting for the provider, then verifying, success, or failure with Retry. */
    'oauth-status': {
      name: 'oauth-status';
      provider: OAuthProviderName;
      status: OAuthStatus;
      error?: unknown;
    };
    /** 'Could not log in with provider': this in-app browser is one the provider refuses. */
    'oauth-in-app-browser': { name: 'oauth-in-app-browser'; provider: OAuthProviderName };
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    oauth: OAuthFlow;
  }
}

export interface OAuthFlow {
  /**
   * A provider's button, or a link request: off to the provider, in a popup when the app asks for
   * one and the browser allows it, else by redirect. Call it in the click that asked (a popup
   * opened later may be blocked).
   */
  start(provider: OAuthProviderName): void;
  /** The page came back from the provider with `ret`: verify it and log in or link. */
  resume(provider: OAuthProviderName, ret: OAuthReturn): void;
  /** The failure screen's 'Retry': the same provider again. */
  retry(): void;
  /** The modal closes: a popup still open closes with it. */
  exit(): void;
}

/** Social login in the modal (spec document 1 §2 'OAuth status', §4 OAuth and After login). */
export function createOAuthFlow(
  rt: FlowRuntime,
  login: LoginFlow,
  transfer: TransferFlow,
  browser: () => OAuthBrowser | null,
): OAuthFlow {
  let popup: OAuthPopup | null = null;
  /** Bumped by every start and exit: an answer for an attempt that is no longer current is dropped. */
  let attempt = 0;

  function show(provider: OAuthProviderName, status: OAuthStatus, error?: unknown) {
    const screen = { name: 'oauth-status' as const, provider, status, error };
    rt.navigate({ type: rt.top()?.name === 'oauth-status' ? 'replace' : 'push', screen });
  }

  function closePopup() {
    popup?.close();
    popup = null;
  }

  /** A refusal with a screen of its own (allowlist, limits, linked elsewhere…), else the failure status. */
  function fail(provider: OAuthProviderName, error: unknown) {
    if (error instanceof LatchkeyApiError) {
      rt.showError(error);
      return;
    }
    rt.emitError(errorCode(error));
    show(provider, 'failure', error);
  }

  async function complete(provider: OAuthProviderName, ret: OAuthReturn, current: number) {
    show(provider, 'verifying');
    const oauth = await rt.client.oauth();
    try {
      if (rt.kind() === 'login') {
        const result = await oauth.loginWithCode(ret);
        if (current !== attempt) return;
        if (result.oauthTokens)
          rt.host.report({ type: 'oauth-tokens', tokens: result.oauthTokens, user: result.user });
        show(provider, 'success');
        login.afterLogin(result, provider, { stay: true, delayMs: oauthTermsDelayMs });
        return;
      }
      const { user, oauthTokens } = await oauth.linkWithCode(ret);
      if (current !== attempt) return;
      if (oauthTokens) rt.host.report({ type: 'oauth-tokens', tokens: oauthTokens, user });
      rt.host.report({ type: 'link-success', user, method: provider });
      show(provider, 'success');
      rt.finishWithSuccess(true);
    } catch (error) {
      if (current !== attempt) return;
      // The refusal names the account's subject, which the transfer then takes over.
      const subject = accountTransferRequired(error)?.subject ?? '';
      if (transfer.offer(error, { type: 'oauth', provider, subject }, provider)) return;
      fail(provider, error);
    }
  }

  async function viaPopup(provider: OAuthProviderName, opened: OAuthPopup, current: number) {
    const page = browser();
    const oauth = await rt.client.oauth();
    const url = await oauth.initOAuth({
      provider,
      redirectTo: opened.returnUrl(withoutOAuthReturn(page?.href() ?? '')),
      captchaToken: await rt.host.walletCaptcha(),
    });
    opened.go(url);
    const ret = await opened.result(() => {
      // Closed, or cut off by the provider's page: a return may still come, and is taken then.
      if (current === attempt) show(provider, 'failure');
    });
    if (current !== attempt) return;
    popup = null;
    await complete(provider, ret, current);
  }

  async function viaRedirect(provider: OAuthProviderName) {
    const oauth = await rt.client.oauth();
    await oauth.redirect({
      provider,
      intent: rt.kind() === 'link' ? 'link' : 'login',
      ui: 'modal',
      captchaToken: await rt.host.walletCaptcha(),
    });
  }

  function start(provider: OAuthProviderName) {
    const current = ++attempt;
    closePopup();
    const device = typeof navigator === 'undefined' ? undefined : navigator;
    if (providerRefusesBrowser(provider, device)) {
      rt.navigate({ type: 'push', screen: { name: 'oauth-in-app-browser', provider } });
      return;
    }
    // Opened here, inside the click: a popup opened after the awaits below could be blocked.
    const opened = rt.host.settings().oauthMode === 'popup' ? (browser()?.openPopup() ?? null) : null;
    popup = opened;
    show(provider, 'verifying');
    const run = opened ? viaPopup(provider, opened, current) : viaRedirect(provider);
    run.catch((error: unknown) => {
      if (current !== attempt) return;
      closePopup();
      fail(provider, error);
    });
  }

  return {
    start,
    resume(provider, ret) {
      const current = ++attempt;
      complete(provider, ret, current).catch((error: unknown) => {
        if (current === attempt) fail(provider, error);
      });
    },
    retry() {
      const top = rt.top();
      if (top?.name === 'oauth-status') start(top.provider);
    },
    exit() {
      attempt += 1;
      closePopup();
    },
  };
}

/**
 * A provider's landing button goes straight to the provider; a request naming a provider
 * (`oauth`) starts there too, or, back from it with a return, verifies that.
 */
export const oauthMethod = modalMethod({
  key: 'oauth',
  create: (rt, { login, transfer }) => {
    // The page's window unless the host brings its own (tests); none during server rendering.
    const browser = () =>
      rt.host.oauthBrowser ?? (typeof window === 'undefined' ? null : windowOAuthBrowser(window));
    return createOAuthFlow(rt, login, transfer, browser);
  },
  handles: isOAuthProvider,
  choose: (flow, method) => flow.start(method as OAuthProviderName),
  intents: {
    // Its request names the provider (`oauth`), whose status screen it starts on instead.
    'link-oauth': () => ({
      name: 'error',
      error: new LatchkeyClientError('invalid_input', 'Linking needs an OAuth provider'),
    }),
  },
  firstScreen: (request, again) =>
    request.oauth && !again
      ? { name: 'oauth-status', provider: request.oauth.provider, status: 'verifying' }
      : null,
  open(flow, request) {
    if (request.oauth?.ret) flow.resume(request.oauth.provider, request.oauth.ret);
    else if (request.oauth) flow.start(request.oauth.provider);
  },
  exit: (flow) => flow.exit(),
});
