import type { User } from '@latchkey/protocol';
import { embeddedWallets } from '../../embedded/accounts.ts';
import {
  clearDefaultFundingMethod,
  type DefaultFundingMethodState,
  enterFundingChooser,
  initialDefaultFundingMethod,
} from '../../funding/default-method.ts';
import type { FundingProvider } from '../../funding/options.ts';
import { fundingTimings } from '../../funding/timings.ts';
import type { FundingTarget } from '../../signing/content.ts';
import { formatAmount } from '../../signing/format.ts';
import type { ModalRequest } from '../../ui/intents.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreensOf } from '../screens.ts';
import { chooserScreen } from './chooser.ts';
import { openWindowPopup } from './popup.ts';
import {
  type FundingRun,
  type FundingRunParameters,
  type FundingStatusScreen,
  runCoinbase,
  runMoonpay,
  runReceive,
} from './providers.ts';
import type { FundWalletTask } from './task.ts';
import { createTransferActions, type TransferActions } from './transfer-actions.ts';

export interface FundingFlow extends TransferActions {
  /** A new request: the last one's run stops and its promise resolves. */
  begin(request: ModalRequest): void;
  /** The chooser of the request just begun. */
  firstScreen(): ModalScreensOf<'fund-chooser'>;
  /** The chooser shows: the host's default funding method runs, once (spec document 2 §4). */
  enter(): void;
  /**
   * 'Add funds' on a confirm screen: the chooser over it for the shortfall; `onEnd` hears whether
   * funds arrived when the user is back on the confirm screen.
   */
  fromSigning(target: FundingTarget, onEnd: (funded: boolean) => void): void;
  /**
   * The login created `user`'s wallet: when the app prompts funding then, the chooser for it replaces
   * the created screen (true); else false, and the login closes as usual.
   */
  promptAfterWallet(user: User | null): boolean;
  /** 'Pay with card' (the chooser's provider) or 'Try a different provider.' (the other one). */
  card(provider: FundingProvider): void;
  /** 'Transfer from an exchange': the first provider in send mode. */
  exchange(): void;
  /** 'Receive funds'. */
  receive(): void;
  /** Receive funds' Continue and the success screens' close: the modal closes. */
  done(): void;
  /** The user steps back from a method: its run stops and the default method is cleared (§4). */
  back(): void;
  /** The modal closes: the run stops, the hook's promise resolves. */
  exit(): void;
}

/**
 * The Fund wallet modal (spec document 1 §2, document 2 §2 and §4): the chooser and the methods it
 * starts, each a run of `providers.ts` whose states become screens here.
 */
export function createFundingFlow(rt: FlowRuntime): FundingFlow {
  let task: FundWalletTask | null = null;
  let defaults: DefaultFundingMethodState = { pending: null };
  let run: FundingRun | null = null;
  let funded = false;
  /** Opened over the confirm screen ('Add funds'): its end returns there instead of closing the modal. */
  let nested = false;
  /** A funding prompt after wallet creation is being prepared; the modal's close cancels it. */
  let prompting = false;

  const settings = () => rt.host.settings().funding;
  const chooser = (errorMessage: string | null) => chooserScreen(rt.app(), task, settings(), errorMessage);

  function stopRun() {
    run?.stop();
    run = null;
  }

  /** An on-ramp, transfer or bridge succeeded: closed (or back to the confirm screen) after 4 s (§9). */
  function succeeded() {
    funded = true;
    if (nested) rt.timers.later(fundingTimings.successCloseMs, leave);
    else rt.finishWithSuccess(true, fundingTimings.successCloseMs);
  }

  function finish() {
    stopRun();
    const current = task;
    task = null;
    current?.resolve({ funded });
  }

  const chooserAt = () => rt.stack().findIndex((screen) => screen.name === 'fund-chooser');

  /** Back at the chooser, under the method's screens (the confirm screen, if any, stays below). */
  function backToChooser(errorMessage: string | null) {
    const at = chooserAt();
    const above = rt.stack().length - 1 - at;
    if (at >= 0 && above > 0) rt.navigate({ type: 'back', count: above });
    rt.navigate({ type: at >= 0 ? 'replace' : 'reset', screen: chooser(errorMessage) });
  }

  /** The end of a funding opened over the confirm screen: back to it, and the queue hears how it went. */
  function leave() {
    const at = chooserAt();
    if (at > 0) rt.navigate({ type: 'back', count: rt.stack().length - at });
    finish();
  }

  /** Whether `screen` is on top: a run's late report after the user left is dropped. */
  const showing = (name: FundingStatusScreen['name']) => rt.top()?.name === name;

  function start(begin: (p: FundingRunParameters) => FundingRun) {
    if (!task) return;
    stopRun();
    let shown = false;
    const self: { run: FundingRun | null } = { run: null };
    const live = () => run === self.run && self.run !== null;
    self.run = begin({
      rt,
      task,
      settings: settings(),
      show(screen) {
        // The first report pushes the method's screen; later ones update it while it is on top.
        if (!shown) {
          shown = true;
          rt.navigate({ type: 'push', screen });
        } else if (showing(screen.name)) rt.navigate({ type: 'replace', screen });
      },
      toChooser(errorMessage) {
        if (self.run && !live()) return;
        run = null;
        backToChooser(errorMessage);
      },
      funded(final) {
        funded = true;
        // The on-ramps' success closes by itself after 4 s (§9); Receive funds waits for Continue.
        if (final) succeeded();
      },
    });
    run = self.run;
  }

  const popup = () => (settings()?.openPopup ?? openWindowPopup)();

  const transfer = createTransferActions({
    rt,
    task: () => task,
    settings,
    stopRun,
    setRun(next) {
      run = next;
    },
    succeeded,
  });

  return {
    begin(request) {
      if (task && task !== request.funding) finish();
      task = request.funding ?? null;
      funded = false;
      nested = false;
      defaults = initialDefaultFundingMethod(task?.defaultFundingMethod);
    },
    firstScreen: () => chooser(null),
    promptAfterWallet(user) {
      const build = settings()?.promptTask;
      const wallet = embeddedWallets(user)[0];
      if (!rt.app()?.funding_config?.prompt_funding_on_wallet_creation || !build || !wallet) return false;
      rt.reported = true; // the login reported its success; closing from here reports nothing
      prompting = true;
      rt.timers.later(fundingTimings.walletCreatedPromptMs, () => {
        build({ address: wallet.address, chainType: wallet.chainType }).then(
          (data) => {
            if (!prompting) return; // the user closed the modal meanwhile
            prompting = false;
            if (task) finish();
            task = { ...data, resolve: () => undefined };
            funded = false;
            nested = false;
            defaults = initialDefaultFundingMethod(task.defaultFundingMethod);
            rt.navigate({ type: 'reset', screen: chooser(null) });
            this.enter();
          },
          // The request fails its checks (a chain the host does not list): the login just closes.
          () => rt.host.dismiss(),
        );
      });
      return true;
    },
    fromSigning(target, onEnd) {
      if (task) finish();
      task = {
        address: target.address,
        chain: target.chain,
        asset: 'native-currency',
        amount: formatAmount(target.amount, target.decimals, '', target.decimals),
        symbol: target.symbol,
        decimals: target.decimals,
        network: target.network,
        readBalance: target.balance,
        resolve: (result) => onEnd(result.funded),
      };
      funded = false;
      nested = true;
      defaults = { pending: null };
      rt.navigate({ type: 'push', screen: chooser(null) });
    },
    enter() {
      const top = rt.top();
      if (!task || top?.name !== 'fund-chooser') return;
      const entry = enterFundingChooser(defaults, top.chooser);
      defaults = entry.state;
      const action = entry.action;
      if (action?.type === 'card') this.card(action.provider);
      else if (action?.type === 'exchange') this.exchange();
      else if (action?.type === 'receive') this.receive();
      else if (action?.type === 'wallet') void this.wallets();
    },
    card(provider) {
      // The popup opens before anything is awaited: inside the click, where no blocker stops it.
      const opened = popup();
      start((p) => (provider === 'coinbase' ? runCoinbase(p, 'buy', opened) : runMoonpay(p, opened)));
    },
    exchange() {
      const opened = popup();
      start((p) => runCoinbase(p, 'send', opened));
    },
    receive() {
      start(runReceive);
    },
    ...transfer,
    done() {
      if (nested) return leave();
      rt.reported = true;
      rt.host.dismiss();
    },
    back() {
      stopRun();
      defaults = clearDefaultFundingMethod();
      // Back from the chooser over a confirm screen: the confirm screen again, nothing added.
      if (nested && rt.top()?.name === 'fund-chooser') finish();
    },
    exit() {
      prompting = false;
      finish();
    },
  };
}
