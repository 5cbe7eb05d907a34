import type { User } from '@latchkey/protocol';
import type { EmbeddedWallets } from '../embedded/index.ts';
import { LatchkeyClientError } from '../errors.ts';
import { embeddedController } from '../ui/embedded-controller.ts';
import {
  type EmbeddedChain,
  embeddedWalletSettings,
  hasEmbeddedWallet,
  walletsToCreate,
} from '../ui/embedded-settings.ts';
import type { EmbeddedModalTask, ModalIntent, ModalRequest } from '../ui/intents.ts';
import { frameErrorType } from './errors.ts';
import type { FlowRuntime } from './runtime.ts';
import type { ModalScreensOf, Screen } from './screens.ts';

declare module './screens.ts' {
  /** The embedded-wallet screens (the password steps carry the password). */
  interface ModalScreens {
    'embedded-creating': { name: 'embedded-creating' };
    'embedded-created': { name: 'embedded-created'; isNewUser: boolean };
    'recover-password': { name: 'recover-password' };
    /** 'Enter your password' before a new one: the wallet's current password. */
    'current-password': { name: 'current-password' };
    'set-password': { name: 'set-password' };
    'set-password-save': { name: 'set-password-save'; password: string };
    'set-password-confirm': { name: 'set-password-confirm'; password: string };
    'set-password-acknowledge': { name: 'set-password-acknowledge'; password: string };
    'set-password-result': { name: 'set-password-result'; ok: boolean };
  }
}

/** The embedded-wallet screens. */
export type EmbeddedScreen = ModalScreensOf<
  | 'embedded-creating'
  | 'embedded-created'
  | 'recover-password'
  | 'current-password'
  | 'set-password'
  | 'set-password-save'
  | 'set-password-confirm'
  | 'set-password-acknowledge'
  | 'set-password-result'
>;

/** Why a password prompt refused (shown under the field); null when it went through. */
export type PasswordProblem = 'wrong-password' | 'unable-to-recover' | 'unable-to-check' | null;

export interface EmbeddedFlow {
  /** A new request: whatever the last one waited on is rejected, and its task taken on. */
  begin(request: ModalRequest): void;
  /** The modal is closing: whatever a hook waits on is rejected, a login's creation abandoned. */
  exit(): void;
  /** The chains a login must create wallets on before it completes (none: it completes now). */
  walletsToCreate(user: User): EmbeddedChain[];
  /**
   * Creates the login's wallets (after the password flow when the app requires one), then calls
   * `onCreated` on the 'Welcome' / 'All set!' screen; on failure the user is logged out.
   */
  createAfterLogin(job: LoginWalletCreation): void;
  /** The password steps offer Cancel only when the user started the flow, not a login's creation. */
  cancellable(): boolean;
  /** 'Enter your password': recovers the wallet onto this device. */
  recover(password: string): Promise<PasswordProblem>;
  /** 'Enter your password' before a new one: checked by the frame, kept for the set-recovery. */
  checkCurrentPassword(password: string): Promise<PasswordProblem>;
  /** The password screen's Continue: on to 'Save your password'. */
  choosePassword(password: string): void;
  /** 'Save your password' → 'Confirm your password'. */
  savedPassword(password: string): void;
  /** 'Confirm your password' → the acknowledgement. */
  confirmedPassword(password: string): void;
  /** The last step: create the login's wallets, create one for a hook, or set the password. */
  finishPassword(password: string): Promise<void>;
}

/** The wallet creation a login is waiting on. */
export interface LoginWalletCreation {
  chains: EmbeddedChain[];
  isNewUser: boolean;
  onCreated(user: User | null): void;
  onFailed(error: unknown): void;
}

function exitError(intent: ModalIntent): LatchkeyClientError {
  return intent === 'recover-wallet'
    ? new LatchkeyClientError('unknown_embedded_wallet_error', 'User exited before wallet could be connected')
    : new LatchkeyClientError('user_exited_set_password_flow', 'User exited the set password flow');
}

/**
 * The embedded-wallet flows: creation after login (spec document 1 §4), the password flow (set,
 * or create with it), and 'Enter your password' recovery. Hooks wait on these through the
 * request's `embeddedTask`, which is settled once, or rejected when the user leaves.
 */
export function createEmbeddedFlow(rt: FlowRuntime): EmbeddedFlow {
  const { client } = rt;
  const settings = () => embeddedWalletSettings(rt.host.settings().embeddedWallets, rt.app());
  let task: { intent: ModalIntent; task: EmbeddedModalTask } | null = null;
  let loginJob: LoginWalletCreation | null = null;
  /** A recovery the login's creation waits on (the user's other-chain wallet is not on this device). */
  let inlineRecovery: { resolve(): void; reject(error: unknown): void } | null = null;
  /** The wallet's current password, checked on 'Enter your password', for the new one's set-recovery. */
  let currentPassword: string | null = null;

  function exit() {
    const current = task;
    task = null;
    current?.task.reject(exitError(current.intent));
    loginJob = null;
    inlineRecovery?.reject(exitError('recover-wallet'));
    inlineRecovery = null;
    currentPassword = null;
  }

  function settle(outcome: { value: unknown } | { error: unknown }) {
    const current = task;
    task = null;
    currentPassword = null;
    if (!current) return;
    if ('error' in outcome) current.task.reject(outcome.error);
    else current.task.resolve(outcome.value);
  }

  /** Brings the user's existing wallet onto this device, asking for its password here if needed. */
  async function connectHere(wallets: EmbeddedWallets) {
    try {
      await wallets.connect();
    } catch (error) {
      if (frameErrorType(error) !== 'wallet_not_on_device') throw error;
      await new Promise<void>((resolve, reject) => {
        inlineRecovery = { resolve, reject };
        rt.navigate({ type: 'reset', screen: { name: 'recover-password' } });
      });
      rt.navigate({ type: 'reset', screen: { name: 'embedded-creating' } });
    }
  }

  async function runCreation(job: LoginWalletCreation, password: string | undefined) {
    rt.navigate({ type: 'reset', screen: { name: 'embedded-creating' } });
    try {
      const wallets = await embeddedController(client).load();
      // The other chain's wallet derives the new one (spec: it is recovered first).
      if (wallets.entropy()) await connectHere(wallets);
      const options = password === undefined ? {} : { recoveryMethod: 'user-passcode' as const, password };
      // Ethereum first; Solana then comes from the same seed.
      for (const chain of job.chains) {
        if (chain === 'ethereum') await wallets.createEthereumWallet(options);
        else await wallets.createSolanaWallet(options);
      }
    } catch (error) {
      if (loginJob !== job) return; // the user left; the close already undid the login
      loginJob = null;
      await client.trackEvent('embedded_wallet_creation_failure_logout');
      await client.logout().catch(() => undefined);
      rt.navigate({ type: 'reset', screen: { name: 'error', error, restart: true } });
      job.onFailed(error);
      return;
    }
    if (loginJob !== job) return;
    loginJob = null;
    rt.navigate({ type: 'replace', screen: { name: 'embedded-created', isNewUser: job.isNewUser } });
    job.onCreated(client.getState().user);
  }

  const push = (screen: Screen) => rt.navigate({ type: 'push', screen });

  return {
    begin(request) {
      const next = request.embeddedTask;
      if (task?.task !== next) exit();
      task = next ? { intent: request.intent, task: next } : null;
    },
    exit,
    walletsToCreate: (user) => walletsToCreate(user, settings()),
    createAfterLogin(job) {
      loginJob = job;
      if (settings().requireUserPasswordOnCreate && !hasEmbeddedWallet(client.getState().user))
        rt.navigate({ type: 'reset', screen: { name: 'set-password' } });
      else void runCreation(job, undefined);
    },
    cancellable: () => loginJob === null,

    async recover(password) {
      try {
        const wallets = await embeddedController(client).load();
        void client.trackEvent('embedded_wallet_recovery_started');
        // A hook's prompt for one imported wallet recovers that wallet; otherwise the HD wallets.
        const address = inlineRecovery ? undefined : task?.task.address;
        await wallets.recover(address === undefined ? { password } : { password, address });
        void client.trackEvent('embedded_wallet_recovery_completed');
      } catch (error) {
        return frameErrorType(error) === 'invalid_recovery_pin' ? 'wrong-password' : 'unable-to-recover';
      }
      const inline = inlineRecovery;
      inlineRecovery = null;
      if (inline) inline.resolve();
      else {
        settle({ value: undefined });
        rt.close();
      }
      return null;
    },

    async checkCurrentPassword(password) {
      try {
        await (await embeddedController(client).load()).checkPassword({ password });
      } catch (error) {
        return frameErrorType(error) === 'invalid_recovery_pin' ? 'wrong-password' : 'unable-to-check';
      }
      currentPassword = password;
      rt.navigate({ type: 'push', screen: { name: 'set-password' } });
      return null;
    },

    choosePassword: (password) => push({ name: 'set-password-save', password }),
    savedPassword: (password) => push({ name: 'set-password-confirm', password }),
    confirmedPassword: (password) => push({ name: 'set-password-acknowledge', password }),

    async finishPassword(password) {
      const job = loginJob;
      if (job) {
        void runCreation(job, password);
        return;
      }
      const current = task;
      if (!current) return;
      const creating = current.intent === 'create-wallet';
      if (!creating) void client.trackEvent('embedded_wallet_set_recovery_started');
      try {
        const wallets = await embeddedController(client).load();
        const options = { recoveryMethod: 'user-passcode' as const, password };
        let value: unknown;
        if (!creating)
          await wallets.setRecovery({ ...options, currentPassword: currentPassword ?? undefined });
        else if (current.task.chainType === 'solana') value = await wallets.createSolanaWallet(options);
        else value = await wallets.createEthereumWallet(options);
        if (!creating) void client.trackEvent('embedded_wallet_set_recovery_completed');
        rt.navigate({ type: 'reset', screen: { name: 'set-password-result', ok: true } });
        settle({ value });
      } catch (error) {
        if (!creating) void client.trackEvent('embedded_wallet_set_recovery_failed');
        rt.navigate({ type: 'reset', screen: { name: 'set-password-result', ok: false } });
        settle({ error });
      }
    },
  };
}
