import { LatchkeyApiError } from '../../errors.ts';
import type { FarcasterSignIn } from '../../flows/farcaster.ts';
import { accountTransferRequired } from '../../flows/transfer.ts';
import { errorCode } from '../errors.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import { currentMobilePlatform } from '../mobile.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { TransferFlow } from '../transfer.ts';

/**
 * Where a Farcaster login stands on its screen (spec document 1 §2, §4): opening the channel, waiting
 * for the user to sign in their Farcaster app, checking what they signed, and how it ended.
 */
export type FarcasterConnectStatus = 'loading' | 'waiting' | 'verifying' | 'success' | 'failure';

declare module '../screens.ts' {
  interface ModalScreens {
    /**
     * Sign in with Farcaster: on a computer the QR code of the connect URI and the link to copy; on
     * a phone 'Open Farcaster app'. `connectUri` is null until the channel is open.
     */
    'farcaster-connect': {
      name: 'farcaster-connect';
      status: FarcasterConnectStatus;
      connectUri: string | null;
      mobile: boolean;
      error?: unknown;
    };
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    farcaster: FarcasterFlow;
  }
}

export interface FarcasterFlow {
  /** The landing's Farcaster button, or `link-farcaster`: opens a channel and waits for the signature. */
  start(): void;
  /** The failure screen's Retry: a new channel (the old one may have expired). */
  retry(): void;
  /** The modal closes: the channel is no longer read. */
  exit(): void;
}

const farcasterFlows = () => import('../../flows/farcaster.ts');

/**
 * Farcaster login and linking in the modal (spec document 1 §2, §4; WIRE.md §3.6); a link of an fid
 * another user has offers the account transfer.
 */
export function createFarcasterFlow(
  rt: FlowRuntime,
  login: LoginFlow,
  transfer: TransferFlow,
): FarcasterFlow {
  /** Bumped by every start and exit: an attempt that is no longer current stops reading its channel. */
  let attempt = 0;
  const mobile = currentMobilePlatform() !== null;

  function show(status: FarcasterConnectStatus, connectUri: string | null, error?: unknown) {
    const screen = { name: 'farcaster-connect' as const, status, connectUri, mobile, error };
    rt.navigate({ type: rt.top()?.name === 'farcaster-connect' ? 'replace' : 'push', screen });
  }

  /**
   * The server's refusal on the error screen (allowlist, limits, linked elsewhere… or the generic
   * one), over this screen's failure status: the error screen's Retry goes back to the failure and
   * its Retry (a new channel), not to a 'Verifying' that nothing moves on any more. Any other
   * failure (the timeout) on this screen's failure status.
   */
  function fail(error: unknown, connectUri: string | null) {
    if (error instanceof LatchkeyApiError) {
      show('failure', connectUri, error);
      rt.showError(error);
      return;
    }
    rt.emitError(errorCode(error));
    show('failure', connectUri, error);
  }

  async function complete(current: number) {
    show('loading', null);
    const farcaster = await farcasterFlows();
    const linking = rt.kind() === 'link';
    const captchaToken = linking ? undefined : await rt.host.walletCaptcha();
    // A phone leaves for the Farcaster app, which sends the browser back here once the user signed.
    const redirectUrl = mobile && typeof location !== 'undefined' ? location.href : undefined;
    const channel = await rt.client.run((ctx) =>
      farcaster.initFarcasterChannel(ctx, { captchaToken, redirectUrl }),
    );
    if (current !== attempt) return;
    show('waiting', channel.connectUri);
    let signIn: FarcasterSignIn;
    try {
      signIn = await rt.client.run((ctx) =>
        farcaster.watchFarcasterChannel(ctx, {
          channelToken: channel.channelToken,
          wait: (ms) => new Promise((resolve) => rt.timers.later(ms, resolve)),
          active: () => current === attempt,
        }),
      );
    } catch (error) {
      if (current === attempt) fail(error, channel.connectUri);
      return;
    }
    if (current !== attempt) return;
    show('verifying', channel.connectUri);
    try {
      if (!linking) {
        const result = await rt.client.run((ctx) => farcaster.loginWithFarcaster(ctx, { signIn }));
        if (current !== attempt) return;
        show('success', channel.connectUri);
        login.afterLogin(result, 'farcaster', { stay: true });
        return;
      }
      const user = await rt.client.run((ctx) => farcaster.linkFarcaster(ctx, signIn));
      if (current !== attempt) return;
      rt.host.report({ type: 'link-success', user, method: 'farcaster' });
      show('success', channel.connectUri);
      rt.finishWithSuccess(true);
    } catch (error) {
      if (current !== attempt) return;
      // The fid is another user's: the transfer screen offers to move it here. Under it, this
      // screen's failure (with Retry), not a 'Verifying' that nothing moves on any more.
      const refusal = linking ? accountTransferRequired(error) : null;
      if (refusal) {
        show('failure', channel.connectUri, error);
        const account = farcaster.farcasterTransferAccount(signIn.fid, refusal.embeddedWalletAddress);
        if (transfer.offer(error, account, 'farcaster')) return;
      }
      fail(error, channel.connectUri);
    }
  }

  function start() {
    const current = ++attempt;
    complete(current).catch((error: unknown) => {
      if (current === attempt) fail(error, null);
    });
  }

  return {
    start,
    retry: start,
    exit() {
      attempt += 1;
    },
  };
}

/** The landing's Farcaster button and `link-farcaster` open a channel and wait for the user's signature. */
export const farcasterMethod = modalMethod({
  key: 'farcaster',
  create: (rt, { login, transfer }) => createFarcasterFlow(rt, login, transfer),
  handles: (method) => method === 'farcaster',
  choose: (flow) => flow.start(),
  intents: {
    'link-farcaster': () => ({
      name: 'farcaster-connect',
      status: 'loading',
      connectUri: null,
      mobile: currentMobilePlatform() !== null,
    }),
  },
  open(flow, request) {
    if (request.intent === 'link-farcaster') flow.start();
  },
  exit: (flow) => flow.exit(),
});
