import { LatchkeyApiError, LatchkeyClientError } from '../../errors.ts';
import type { TelegramProof } from '../../flows/telegram.ts';
import { errorCode } from '../errors.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { TransferFlow } from '../transfer.ts';

/** Where a Telegram login stands on its status screen (spec document 1 §2 'Telegram'). */
export type TelegramStatus = 'verifying' | 'success' | 'failure';

declare module '../screens.ts' {
  interface ModalScreens {
    /** 'Verifying connection to Telegram', then 'Successfully connected with Telegram', or a failure with Retry. */
    'telegram-status': { name: 'telegram-status'; status: TelegramStatus; error?: unknown };
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    telegram: TelegramFlow;
  }
}

declare module '../../ui/intents.ts' {
  interface ModalOptions {
    /** Telegram: the proof the page came back with (the widget's result, a Mini App's launch data). */
    telegram?: { proof: TelegramProof } | undefined;
    /** `link-telegram`: a Mini App's raw init data the app passed (`linkTelegram({ launchParams })`). */
    telegramLaunchData?: string | undefined;
  }
}

export interface TelegramFlow {
  /**
   * The landing's Telegram button, or a link request: inside a Mini App its launch data proves the
   * account at once; elsewhere the page leaves for Telegram's login page and comes back with the proof.
   */
  start(launchData?: string): void;
  /** The page came back with `proof`: verify it, then log in or link. */
  resume(proof: TelegramProof): void;
  /** The failure screen's Retry: a proof is accepted once, so a new one is asked for. */
  retry(): void;
  /** The modal closes: an answer still on its way is dropped. */
  exit(): void;
}

const telegramFlows = () => import('../../flows/telegram.ts');

/** Telegram login and linking in the modal (spec document 1 §2, §4; WIRE.md §3.6). */
export function createTelegramFlow(rt: FlowRuntime, login: LoginFlow, transfer: TransferFlow): TelegramFlow {
  /** Bumped by every start and exit: an answer for an attempt that is no longer current is dropped. */
  let attempt = 0;

  function show(status: TelegramStatus, error?: unknown) {
    const screen = { name: 'telegram-status' as const, status, error };
    rt.navigate({ type: rt.top()?.name === 'telegram-status' ? 'replace' : 'push', screen });
  }

  /** A refusal with a screen of its own (allowlist, limits, linked elsewhere…), else the failure status. */
  function fail(error: unknown) {
    if (error instanceof LatchkeyApiError) {
      rt.showError(error);
      return;
    }
    rt.emitError(errorCode(error));
    show('failure', error);
  }

  async function complete(proof: TelegramProof, current: number) {
    show('verifying');
    const telegram = await telegramFlows();
    try {
      if (rt.kind() === 'login') {
        const captchaToken = await rt.host.walletCaptcha();
        const result = await rt.client.run((ctx) => telegram.loginWithTelegram(ctx, { proof, captchaToken }));
        if (current !== attempt) return;
        show('success');
        login.afterLogin(result, 'telegram', { stay: true });
        return;
      }
      const user = await rt.client.run((ctx) => telegram.linkTelegram(ctx, { proof }));
      if (current !== attempt) return;
      rt.host.report({ type: 'link-success', user, method: 'telegram' });
      show('success');
      rt.finishWithSuccess(true);
    } catch (error) {
      if (current !== attempt) return;
      if (transfer.offer(error, telegram.telegramTransferAccount(proof), 'telegram')) return;
      fail(error);
    }
  }

  function run(proof: TelegramProof) {
    const current = ++attempt;
    complete(proof, current).catch((error: unknown) => {
      if (current === attempt) fail(error);
    });
  }

  async function leave(current: number, launchData?: string) {
    const telegram = await telegramFlows();
    if (launchData !== undefined) {
      // The app's own copy of the launch data: the proof, or nothing to go on.
      const webAppData = telegram.webAppDataOf(launchData);
      if (!webAppData) throw new LatchkeyClientError('invalid_input', 'Invalid Telegram launch data');
      if (current === attempt) run({ webAppData });
      return;
    }
    // Inside a Mini App the launch data is the proof: no page to leave for.
    const launch = typeof location === 'undefined' ? null : telegram.readTelegramReturn(location.href);
    if (launch && 'webAppData' in launch) {
      if (current === attempt) run(launch);
      return;
    }
    const intent = rt.kind() === 'link' ? 'link' : 'login';
    await rt.client.run((ctx) => telegram.startTelegramRedirect(ctx, { intent, ui: 'modal' }));
  }

  function start(launchData?: string) {
    const current = ++attempt;
    show('verifying');
    leave(current, launchData).catch((error: unknown) => {
      if (current === attempt) fail(error);
    });
  }

  return {
    start,
    resume: run,
    retry: () => start(),
    exit() {
      attempt += 1;
    },
  };
}

/**
 * The landing's Telegram button and `link-telegram` go to Telegram (or take a Mini App's launch
 * data); a request carrying a proof (`telegram`) verifies it from its first screen.
 */
export const telegramMethod = modalMethod({
  key: 'telegram',
  create: (rt, { login, transfer }) => createTelegramFlow(rt, login, transfer),
  handles: (method) => method === 'telegram',
  choose: (flow) => flow.start(),
  intents: { 'link-telegram': () => ({ name: 'telegram-status', status: 'verifying' }) },
  firstScreen: (request, again) =>
    request.telegram && !again ? { name: 'telegram-status', status: 'verifying' } : null,
  open(flow, request) {
    if (request.telegram) flow.resume(request.telegram.proof);
    else if (request.intent === 'link-telegram') {
      const launchData = request.telegramLaunchData;
      flow.start(typeof launchData === 'string' ? launchData : undefined);
    }
  },
  exit: (flow) => flow.exit(),
});
