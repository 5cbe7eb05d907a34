import { type LoginMethod, loginMethods, type User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { LoginResult } from '../flows/context.ts';
import { saveRecentLoginMethod } from '../ui/recent-login-method.ts';
import type { EmbeddedFlow } from './embedded.ts';
import { errorCode } from './errors.ts';
import type { ModalAuthMethod } from './navigation.ts';
import type { FlowRuntime, PendingLogin } from './runtime.ts';
import { termsDelayMs, walletCreatedCloseMs } from './timings.ts';

/** How a login goes on from the screen that proved it. */
export interface AfterLoginOptions {
  /** The current screen (a wallet's 'Successfully connected with …') shows until the close. */
  stay?: boolean | undefined;
  /** The wait before the terms gate (OAuth waits longer). */
  delayMs?: number | undefined;
  /** The landing button the 'Recent' chip names next time, when it is not the method itself (a wallet's sign-in). */
  recent?: LoginMethod | undefined;
}

/** A custom provider (`custom:…`) is no login method of the 'Recent' chip's. */
const isLoginMethod = (method: string): method is LoginMethod =>
  (loginMethods as readonly string[]).includes(method);

export interface LoginFlow {
  /** A login method's button on the landing or overflow screen: the method that handles it starts. */
  chooseMethod(method: LoginMethod): void;
  /** 'More options' / 'Other socials'. */
  showOverflow(): void;
  /** A login went through: the terms gate, then the login's wallets, then `loginComplete`. */
  afterLogin(result: LoginResult, method: ModalAuthMethod, options?: AfterLoginOptions): void;
  /** The terms gate's Accept: the login completes. */
  acceptTerms(): Promise<void>;
  /** The terms gate's Decline: the login is undone and the modal closes. */
  declineTerms(): Promise<void>;
  /** Opened before `ready`, and the restored session turned out to be logged in. */
  completeIfAlreadyLoggedIn(): void;
}

/**
 * @param startMethod Starts the login method that handles a landing button (modal/methods); false
 *   when none does.
 */
export function createLoginFlow(
  rt: FlowRuntime,
  embedded: EmbeddedFlow,
  startMethod: (method: LoginMethod) => boolean,
  /** The wallets were created: true when a follow-up (the funding prompt) takes the modal over. */
  afterWallets: (user: User | null) => boolean = () => false,
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
            if (!afterWallets(created ?? user)) rt.finishWithSuccess(true, walletCreatedCloseMs);
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
      if (!startMethod(method))
        rt.showError(
          new LatchkeyClientError('unknown_auth_error', `Login with ${method} is not available yet`),
        );
    },
    showOverflow: () => rt.navigate({ type: 'push', screen: { name: 'overflow' } }),

    afterLogin({ user, isNewUser }, method, { stay = false, delayMs = termsDelayMs, recent } = {}) {
      const chip = recent ?? (isLoginMethod(method) ? method : undefined);
      if (chip) saveRecentLoginMethod(client.appId, chip);
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
        completeLogin(user, pending ?? { isNewUser: false, method: null }, false, 0);
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
