import type { FarcasterSigner } from '@latchkey/protocol';
import { LatchkeyClientError } from '../../errors.ts';
import { modalMethod } from '../method.ts';
import { currentMobilePlatform, type MobilePlatform } from '../mobile.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreens } from '../screens.ts';
import { successCloseMs } from '../timings.ts';

/**
 * How a signer request ended badly (spec document 2 §8 'Farcaster signer'): no public key came back
 * ('Connect failed' / 'Something went wrong…'), five minutes passed ('Connect failed' / 'The
 * request timed out…'), or the key was removed ('Request rejected').
 */
export type FarcasterSignerFailure = 'failed' | 'timeout' | 'rejected';

declare module '../screens.ts' {
  interface ModalScreens {
    /**
     * 'Add a signer to Farcaster' (spec document 1 §2, document 2 §2): on a computer the approval
     * link as a QR code and a link to copy; on a phone 'Open Farcaster app'. Approved: success,
     * closed after 1.4 s.
     */
    'farcaster-signer': {
      name: 'farcaster-signer';
      status: 'waiting' | 'success' | 'failure';
      /** The signed key request's link to the Farcaster app, while it waits for approval. */
      approvalUrl: string | null;
      /** Null on a computer. */
      mobile: MobilePlatform | null;
      failure?: FarcasterSignerFailure | undefined;
    };
  }
}

declare module '../../ui/intents.ts' {
  interface ModalOptions {
    /** `farcaster-signer`: where the request stood when the hook opened the modal. */
    farcasterSigner?: FarcasterSigner | undefined;
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    farcasterSigner: FarcasterSignerFlow;
  }
}

export interface FarcasterSignerFlow {
  /** The request opened: watch it until approved, revoked or timed out. */
  start(signer: FarcasterSigner | undefined): void;
  /**
   * The failure's Retry: asks the frame again (a revoked signer gives way to a new key) and watches
   * the new request.
   */
  retry(): void;
  /** The modal closes: the status is no longer read. */
  exit(): void;
}

const signerModule = () => import('../../farcaster-signer/index.ts');

const failureOf = (error: unknown): FarcasterSignerFailure =>
  error instanceof LatchkeyClientError && error.code === 'farcaster_signer_timeout'
    ? 'timeout'
    : error instanceof LatchkeyClientError && error.code === 'farcaster_signer_rejected'
      ? 'rejected'
      : 'failed';

/**
 * The Farcaster signer request in the modal (spec document 1 §4): the hook asked the frame for the
 * signer before it opened the modal; the screen shows the approval link and reads the status every
 * 2 s for 5 min. Approved closes after 1.4 s; a revoked key or the timeout shows why it failed.
 */
export function createFarcasterSignerFlow(rt: FlowRuntime): FarcasterSignerFlow {
  /** Bumped by every start and exit: a watch that is no longer current stops reading. */
  let attempt = 0;

  function show(screen: Omit<ModalScreens['farcaster-signer'], 'name' | 'mobile'>) {
    rt.navigate({
      type: 'replace',
      screen: { name: 'farcaster-signer', mobile: currentMobilePlatform(), ...screen },
    });
  }

  function succeed() {
    show({ status: 'success', approvalUrl: null });
    rt.finishWithSuccess(true, successCloseMs);
  }

  async function watch(current: number, signer: FarcasterSigner) {
    const m = await signerModule();
    await m.watchFarcasterSigner(rt.client, {
      publicKey: signer.public_key,
      wait: (ms) => new Promise((resolve) => rt.timers.later(ms, resolve)),
      active: () => current === attempt,
    });
    if (current === attempt) succeed();
  }

  function start(signer: FarcasterSigner | undefined) {
    const current = ++attempt;
    if (!signer?.public_key) {
      show({ status: 'failure', approvalUrl: null, failure: 'failed' });
      return;
    }
    if (signer.status !== 'pending_approval') {
      if (signer.status === 'approved') succeed();
      else show({ status: 'failure', approvalUrl: null, failure: 'rejected' });
      return;
    }
    show({ status: 'waiting', approvalUrl: signer.signer_approval_url ?? null });
    watch(current, signer).catch((error: unknown) => {
      if (current !== attempt) return;
      show({ status: 'failure', approvalUrl: null, failure: failureOf(error) });
    });
  }

  return {
    start,
    retry() {
      const current = ++attempt;
      show({ status: 'waiting', approvalUrl: null });
      signerModule()
        .then((m) => m.initFarcasterSigner(rt.client))
        .then(
          (signer) => {
            if (current === attempt) start(signer);
          },
          () => {
            if (current === attempt) show({ status: 'failure', approvalUrl: null, failure: 'failed' });
          },
        );
    },
    exit() {
      attempt += 1;
    },
  };
}

/** `useFarcasterSigner().requestFarcasterSignerFromWarpcast` opens `farcaster-signer` with the frame's answer. */
export const farcasterSignerMethod = modalMethod({
  key: 'farcasterSigner',
  create: (rt) => createFarcasterSignerFlow(rt),
  intents: {
    'farcaster-signer': () => ({
      name: 'farcaster-signer',
      status: 'waiting',
      approvalUrl: null,
      mobile: currentMobilePlatform(),
    }),
  },
  open(flow, request) {
    if (request.intent === 'farcaster-signer') flow.start(request.farcasterSigner);
  },
  exit: (flow) => flow.exit(),
  finalScreens: ['farcaster-signer'],
});
