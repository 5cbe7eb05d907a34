import { mfaBroker } from '../embedded/mfa/broker.ts';
import { fundingOf, signingStore } from '../signing/queue.ts';
import { exitedCode, flowKind, type ModalRequest } from '../ui/intents.ts';
import { createDelegationFlow, type DelegationFlow } from './delegation.ts';
import { createEmbeddedFlow, type EmbeddedFlow } from './embedded.ts';
import { errorCode, retryAt } from './errors.ts';
import { createFundingFlow, type FundingFlow } from './funding/flow.ts';
import { createLoginFlow, type LoginFlow } from './login.ts';
import type { MethodEngine, ModalMethod, ModalMethodFlows, ModalMethodKey } from './method.ts';
import { modalMethods } from './methods/index.ts';
import { createMfaVerifyFlow, type MfaVerifyFlow } from './mfa.ts';
import { createMfaEnrollmentFlow, type MfaEnrollmentFlow } from './mfa-enrollment.ts';
import {
  canGoBack,
  finalScreens,
  type NavigationAction,
  type NavigationState,
  navigationReducer,
  startScreen,
} from './navigation.ts';
import type { FlowRuntime, ModalFlowHost, PendingLogin } from './runtime.ts';
import type { Screen, ScreenName } from './screens.ts';
import { createTimers } from './timers.ts';
import { successCloseMs } from './timings.ts';
import { createTransferFlow, type TransferFlow } from './transfer.ts';

export interface ModalFlowState {
  /** The request on screen; null while the modal is closed. */
  request: ModalRequest | null;
  navigation: NavigationState;
}

/**
 * The modal's flows without the UI: the request, the screen stack, the outcome reporting, the
 * timers and each area's actions. A UI shows `screen()` and calls the actions; it never decides
 * where a flow goes next.
 */
export interface ModalFlow extends ModalMethodFlows {
  getState(): ModalFlowState;
  subscribe(listener: () => void): () => void;
  /** Shows `request` from its first screen (the same request again changes nothing). */
  open(request: ModalRequest): void;
  /** The UI dropped its request (after `dismiss`, or on its own). */
  ended(): void;
  /**
   * The screen to show: 'loading' until the client is ready, then the top of the stack, or over it
   * 'mfa-verify' while an operation waits for the user's MFA code.
   */
  screen(): Screen | { name: 'loading' };
  canGoBack(): boolean;
  back(): void;
  /** Starts the flow again from its first screen (the error screens' 'Try another method'). */
  restart(): void;
  /** The user closes the modal (× / Escape / backdrop / a screen's Close). */
  close(): void;
  /**
   * Follows the client (a restored session completes a login opened before `ready`) until the
   * returned function stops that and the timers (the UI unmounted).
   */
  attach(): () => void;
  readonly login: LoginFlow;
  readonly transfer: TransferFlow;
  readonly embedded: EmbeddedFlow;
  /** The MFA verification shown over the flow's screens while an operation needs a code. */
  readonly mfa: MfaVerifyFlow;
  readonly mfaEnrollment: MfaEnrollmentFlow;
  /** The delegated-actions consent and revocation. */
  readonly delegation: DelegationFlow;
  /** The Fund wallet chooser and its methods. */
  readonly funding: FundingFlow;
}

const closedRequest: ModalRequest = { intent: 'login', id: 0 };

/** Every method's key is in the list (`methods/index.ts`): fails to compile for a method left out. */
type Unlisted = Exclude<ModalMethodKey, (typeof modalMethods)[number]['key']>;
true satisfies [Unlisted] extends [never] ? true : Unlisted;

/** The list, each method typed by its own key only (what the engine calls them with). */
const methods = modalMethods as readonly ModalMethod[];

/** The screens no one steps back from: the engine's and the methods'. */
const final: ReadonlySet<ScreenName> = new Set([
  ...finalScreens,
  ...methods.flatMap((method) => method.finalScreens ?? []),
]);

/**
 * Where a request starts: a method that takes it whatever its intent (a deep-linked wallet, an
 * OAuth return), its password prompt, or its intent's screen (a method's or the engine's).
 */
function firstScreen(rt: FlowRuntime, request: ModalRequest, again = false): Screen {
  for (const method of methods) {
    const screen = method.firstScreen?.(request, again);
    if (screen) return screen;
  }
  if (request.embeddedTask?.askCurrentPassword) return { name: 'current-password' };
  const intent = methods.find((method) => method.intents?.[request.intent])?.intents?.[request.intent];
  return intent ? intent(rt) : startScreen(request.intent);
}

/** The MFA verification is on screen (not yet verified, and no app listener took it). */
const verifying = (mfa: MfaVerifyFlow) => {
  const view = mfa.view();
  return view !== null && view.step !== 'verified';
};

/**
 * @example
 * const flow = createModalFlow({ client, settings: () => ({}), report, dismiss, walletCaptcha });
 * flow.open({ intent: 'login', id: 1 });
 * await flow.code.submitEmail('alice@example.com'); // flow.screen() → { name: 'code', … }
 */
export function createModalFlow(host: ModalFlowHost): ModalFlow {
  const { client } = host;
  let state: ModalFlowState = { request: null, navigation: { stack: [{ name: 'landing' }], visit: 0 } };
  /** The last request, kept after the close so late answers still know their flow. */
  let active = closedRequest;
  const listeners = new Set<() => void>();
  const timers = createTimers();
  let closing = false;

  function set(next: ModalFlowState) {
    state = next;
    for (const listener of [...listeners]) listener();
    if (state.request) login.completeIfAlreadyLoggedIn();
  }
  const navigate = (action: NavigationAction) =>
    set({ ...state, navigation: navigationReducer(state.navigation, action) });
  const top = () => state.navigation.stack.at(-1);

  const rt: FlowRuntime = {
    host,
    client,
    timers,
    app: () => client.getState().appConfig,
    request: () => active,
    kind: () => flowKind(active.intent),
    stack: () => state.navigation.stack,
    top,
    navigate,
    reported: false,
    pendingLogin: null as PendingLogin | null,
    emitError(code) {
      const kind = flowKind(active.intent);
      if (kind !== 'embedded') host.report({ type: 'error', kind, code });
    },
    showError(error, address) {
      rt.emitError(errorCode(error));
      const screen: Screen = { name: 'error', error, retryAt: retryAt(error) };
      navigate({ type: 'push', screen: address ? { ...screen, address } : screen });
    },
    finishWithSuccess(stay = false, closeAfterMs = successCloseMs) {
      rt.reported = true;
      if (!stay) navigate({ type: 'replace', screen: { name: 'success' } });
      timers.later(closeAfterMs, host.dismiss);
    },
    close() {
      // Wallets being created cannot be left half-made, nor a key half-delegated: the modal stays
      // until that ends.
      const current = top();
      if (closing || current?.name === 'embedded-creating') return;
      if ((current?.name === 'delegation-consent' || current?.name === 'delegation-revoke') && current.busy)
        return;
      // Refusing the signing requests below empties the queue, which would close again.
      closing = true;
      try {
        closeNow();
      } finally {
        closing = false;
      }
    },
  };

  function closeNow() {
    // Closing during a verification cancels it ('Canceled MFA verification.'), unless it succeeded.
    mfa.close();
    embedded.exit();
    delegation.exit();
    funding.exit();
    each('exit');
    // Closing refuses every signing request still waiting (4001 'The user rejected the request.').
    if (active.intent === 'signing') signingStore(client).dismissAll();
    if (!rt.reported) {
      rt.reported = true;
      // Leaving the terms gate (or a login's wallet password) declines it: the login is undone.
      if (rt.pendingLogin) client.logout().catch(() => undefined);
      rt.pendingLogin = null;
      const kind = flowKind(active.intent);
      if (kind !== 'embedded') host.report({ type: 'error', kind, code: exitedCode[kind] });
    }
    timers.clear();
    host.dismiss();
  }

  const embedded = createEmbeddedFlow(rt);
  const transfer = createTransferFlow(rt);
  const login = createLoginFlow(
    rt,
    embedded,
    (choice) => {
      const method = methods.find((m) => m.handles?.(choice));
      if (!method?.choose) return false;
      method.choose(flows[method.key], choice, rt);
      return true;
    },
    (user) => funding.promptAfterWallet(user),
  );
  const engine: MethodEngine = { login, transfer };
  const flows = Object.fromEntries(
    methods.map((method) => [method.key, method.create(rt, engine)]),
  ) as unknown as ModalMethodFlows;
  /** Each method's hook on its own flow. */
  const each = (hook: 'exit' | 'reset') => {
    for (const method of methods) method[hook]?.(flows[method.key]);
  };
  const mfaEnrollment = createMfaEnrollmentFlow(rt);
  const delegation = createDelegationFlow(rt);
  const funding = createFundingFlow(rt);
  const broker = mfaBroker(client);
  const mfa = createMfaVerifyFlow(client, {
    broker,
    // Opened for the verification alone: its success ends the modal.
    onVerified: () => {
      if (state.request?.intent === 'mfa-verify') host.dismiss();
    },
  });
  /** The overlay came or went: the shell remounts the screen slot. */
  let overlay = false;
  function followMfa() {
    const showing = verifying(mfa);
    if (showing === overlay) return;
    overlay = showing;
    set({ ...state, navigation: { ...state.navigation, visit: state.navigation.visit + 1 } });
    // Opened for a verification that is gone (the app's own UI took it, or it was dismissed).
    if (!showing && state.request?.intent === 'mfa-verify' && mfa.view() === null) host.dismiss();
  }

  /**
   * The signing intent shows the queue's requests; the modal closes once none is left. 'Add funds'
   * on a confirm screen opens the Fund wallet chooser over it, for the shortfall.
   */
  function checkSigning() {
    if (state.request?.intent !== 'signing') return;
    const store = signingStore(client);
    const view = store.current();
    if (!view) return rt.close();
    const target = view.stage === 'funding' ? fundingOf(view) : null;
    if (target && top()?.name === 'signing')
      funding.fromSigning(target, (funded) =>
        funded ? store.fundsAdded(view.id) : store.backToConfirm(view.id),
      );
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open(request) {
      if (state.request?.id === request.id) return;
      active = request;
      embedded.begin(request);
      delegation.begin(request);
      funding.begin(request);
      rt.reported = false;
      rt.pendingLogin = null;
      timers.clear();
      each('reset');
      broker.setModalOpen(true);
      const first =
        request.intent === 'mfa-enrollment'
          ? mfaEnrollment.firstScreen()
          : request.intent === 'delegated-actions'
            ? delegation.firstScreen()
            : request.intent === 'fund-wallet'
              ? funding.firstScreen()
              : firstScreen(rt, request);
      set({
        request,
        navigation: navigationReducer(state.navigation, { type: 'reset', screen: first }),
      });
      checkSigning();
      // What a method starts once its first screen shows (off to a provider, or back from one).
      for (const method of methods) method.open?.(flows[method.key], request);
      if (request.intent === 'fund-wallet') funding.enter();
    },
    ended() {
      if (!state.request) return;
      broker.setModalOpen(false);
      mfa.close();
      embedded.exit();
      delegation.exit();
      funding.exit();
      each('exit');
      timers.clear();
      set({ ...state, request: null });
    },
    screen() {
      if (!client.getState().ready) return { name: 'loading' };
      if (verifying(mfa)) return { name: 'mfa-verify' };
      return top() ?? { name: 'landing' };
    },
    canGoBack: () => client.getState().ready && !verifying(mfa) && canGoBack(state.navigation, final),
    back() {
      // Leaving a funding screen stops its polls (and clears the default funding method).
      if (top()?.name.startsWith('fund-')) funding.back();
      navigate({ type: 'back' });
    },
    restart: () => navigate({ type: 'reset', screen: firstScreen(rt, active, true) }),
    close: rt.close,
    attach() {
      const stopClient = client.subscribe(() => {
        if (state.request) login.completeIfAlreadyLoggedIn();
      });
      const stopSigning = signingStore(client).subscribe(checkSigning);
      const stopMfa = mfa.attach();
      const stopFollowing = mfa.subscribe(followMfa);
      followMfa();
      return () => {
        stopClient();
        stopSigning();
        stopMfa();
        stopFollowing();
        timers.clear();
      };
    },
    ...flows,
    login,
    transfer,
    embedded,
    mfa,
    mfaEnrollment,
    delegation,
    funding,
  };
}
