import { type LoginMethod, loginMethods, type User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { LoginResult } from '../flows/context.ts';
import { saveRecentLoginMethod } from '../ui/recent-login-method.ts';
import type { EmbeddedFlow } from './embedded.ts';
import { errorCode } from './errors.ts';
import type { ModalAuthMethod, Screen } from './navigation.ts';
import { passkeyStartScreen } from './passkey.ts';
import type { FlowRuntime, PendingLogin } from './runtime.ts';
import { termsDelayMs, walletCreatedCloseMs } from './timings.ts';

/** The screen each login method opens from the landing screen; the rest are not built yet. */
const methodScreens: Partial<Record<LoginMethod, Screen>> = {
  email: { name: 'email' },
  sms: { name: 'phone' },
  wallet: { name: 'wallets' },
};

/** A custom provider (`custom:…`) is no login method of the 'Recent' chip's. */
const isLoginMethod = (method: string): method is LoginMethod =>
  (loginMethods as readonly string[]).includes(method);

export interface LoginFlow {
  /** A login method's button on the landing or overflow screen. */
  chooseMethod(method: LoginMethod): void;
  /** 'More options' / 'Other socials'. */
  showOverflow(): void;
  /**
   * A login went through: the terms gate, then the login's wallets, then `loginComplete`. With
   * `stay` the current screen (a wallet's 'Successfully connected with …') shows until the close;
   * `delayMs` is the wait before the terms gate (OAuth waits longer).
   */
  afterLogin(result: LoginResult, method: ModalAuthMethod, stay?: boolean, delayMs?: number): void;
  /** The terms gate's Accept: the login completes. */
  acceptTerms(): Promise<void>;
  /** The terms gate's Decline: the login is undone and the modal closes. */
  declineTerms(): Promise<void>;
  /** Opened before `ready`, and the restored session turned out to be logged in. */
  completeIfAlreadyLoggedIn(): void;
}

/**
 * @param startMethod Starts a method that opens no screen of its own from the landing (an OAuth
 *   provider goes straight to the provider); false when it is not such a method.
 */
export function createLoginFlow(
  rt: FlowRuntime,
  embedded: EmbeddedFlow,
  startMethod: (method: LoginMethod) => boolean,
): LoginFlow {
  const { client } = rt;

  function reportLogin(user: User, { isNewUser, method }: PendingLogin) {
    rt.pendingLogin = null;
    rt.host.report({ type: 'login-complete', user, isNewUser, wasAlreadyAuthenticated: false, method });
  }

  function completeLogin(user: User, login: PendingLogin, stay: boolean, walletDelayMs: number) {
    // A wallet to create first (spec document 1 §4 After login): the login completes after it.
    const chains = embedded.walletsToCreate(user);
    if (chains.length > 0) {
      rt.pendingLogin = login;
      rt.timers.later(walletDelayMs, () =>
        embedded.createAfterLogin({
          chains,
          isNewUser: login.isNewUser,
          onCreated: (created) => {
            reportLogin(created ?? user, login);
            rt.finishWithSuccess(true, walletCreatedCloseMs);
          },
          onFailed: (error) => {
            rt.pendingLogin = null;
            rt.emitError(errorCode(error));
          },
        }),
      );
      return;
    }
    reportLogin(user, login);
    rt.finishWithSuccess(stay);
  }

  return {
    chooseMethod(method) {
      const screen = method === 'passkey' ? passkeyStartScreen(rt.app()) : methodScreens[method];
      if (screen) rt.navigate({ type: 'push', screen });
      else if (!startMethod(method))
        rt.showError(
          new LatchkeyClientError('unknown_auth_error', `Login with ${method} is not available yet`),
        );
    },
    showOverflow: () => rt.navigate({ type: 'push', screen: { name: 'overflow' } }),

    afterLogin({ user, isNewUser }, method, stay = false, delayMs = termsDelayMs) {
      const recent = method === 'siwe' || method === 'siws' ? 'wallet' : method;
      if (isLoginMethod(recent)) saveRecentLoginMethod(client.appId, recent);
      if (rt.app()?.require_users_accept_terms && !user.has_accepted_terms) {
        rt.pendingLogin = { isNewUser, method };
        rt.timers.later(delayMs, () => rt.navigate({ type: 'replace', screen: { name: 'terms' } }));
        return;
      }
      // Wallet creation follows after 900 ms on every path (spec document 1 §4 After login).
      completeLogin(user, { isNewUser, method }, stay, termsDelayMs);
    },

    async acceptTerms() {
      const pending = rt.pendingLogin;
      try {
        const user = await client.acceptTerms();
        completeLogin(user, pending ?? { isNewUser: false, method: 'email' }, false, 0);
      } catch (error) {
        rt.showError(error);
      }
    },

    async declineTerms() {
      await client.logout().catch(() => undefined);
      rt.pendingLogin = null;
      rt.close();
    },

    completeIfAlreadyLoggedIn() {
      const state = client.getState();
      if (rt.request().intent !== 'login' || !state.ready || !state.user || rt.reported) return;
      if (rt.top()?.name !== 'landing') return;
      rt.reported = true;
      rt.host.report({
        type: 'login-complete',
        user: state.user,
        isNewUser: false,
        wasAlreadyAuthenticated: true,
        method: null,
      });
      rt.host.dismiss();
    },
  };
}
