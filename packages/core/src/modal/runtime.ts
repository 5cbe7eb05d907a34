import type { AppResponse } from '@latchkey/protocol';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import type { OAuthBrowser } from '../oauth/browser.ts';
import type { EmbeddedWalletsConfig } from '../ui/embedded-settings.ts';
import type { FlowKind, ModalRequest, WalletChainTypeOption } from '../ui/intents.ts';
import type { CodeTarget } from './code-target.ts';
import type { FundingSettings } from './funding/task.ts';
import type { ModalAuthMethod, NavigationAction } from './navigation.ts';
import type { FlowOutcome } from './outcomes.ts';
import type { Screen } from './screens.ts';
import type { FlowTimers } from './timers.ts';

/** The app's options the flows read, at the moment they need them. */
export interface ModalFlowSettings {
  /** The login message shown in SIWE / SIWS sign-in requests. */
  loginMessage?: string | undefined;
  embeddedWallets?: EmbeddedWalletsConfig | undefined;
  /** The wallet picker's chains when the request names none. */
  walletChainType?: WalletChainTypeOption | undefined;
  /** Social login in a popup, or (default) by leaving the page for the provider. */
  oauthMode?: 'redirect' | 'popup' | undefined;
  /** The funding screens' provider hosts and development-chain mapping. */
  funding?: FundingSettings | undefined;
}

/** What the flows need from the UI that shows them. */
export interface ModalFlowHost {
  client: LatchkeyClient;
  settings(): ModalFlowSettings;
  /** A flow ended, failed or reached a milestone the app hears about. */
  report(outcome: FlowOutcome): void;
  /** Closes the modal: the UI drops its request (and then calls `ended`). */
  dismiss(): void;
  /**
   * A fresh captcha token for one wallet sign-in or OAuth attempt, or undefined when the app has none. The
   * widget lives in the page; providers' tokens are single-use, so each attempt asks again.
   */
  walletCaptcha(): Promise<string | undefined>;
  /** The page OAuth redirects and popups use; default the page's own window. */
  oauthBrowser?: OAuthBrowser | undefined;
}

/** A login waiting on the terms gate or on its wallets: undone if the user leaves. */
export interface PendingLogin {
  isNewUser: boolean;
  /** Null when the gate came up with no login of this modal's (a session restored before the terms). */
  method: ModalAuthMethod | null;
}

/** What the flow areas share: the request, navigation, reporting and the timers. */
export interface FlowRuntime {
  readonly host: ModalFlowHost;
  readonly client: LatchkeyClient;
  readonly timers: FlowTimers;
  app(): AppResponse | null;
  /** The request being shown (the last one, once closed). */
  request(): ModalRequest;
  kind(): FlowKind;
  stack(): readonly Screen[];
  top(): Screen | undefined;
  navigate(action: NavigationAction): void;
  /** The flow has reported its outcome (success, or an exit); closing must not report again. */
  reported: boolean;
  pendingLogin: PendingLogin | null;
  /** Reports `code` to the flow's error event (embedded flows report to their hook instead). */
  emitError(code: string): void;
  /**
   * Reports the error and shows its screen; `address`: the error is about the email or number the
   * user typed (the screen can offer to use another).
   */
  showError(error: unknown, address?: CodeTarget['kind']): void;
  /**
   * The flow succeeded: the success screen (or, with `stay`, the current one) until the close
   * after `closeAfterMs`.
   */
  finishWithSuccess(stay?: boolean, closeAfterMs?: number): void;
  /** The user closes the modal (× / Escape / backdrop / a screen's Close). */
  close(): void;
}
