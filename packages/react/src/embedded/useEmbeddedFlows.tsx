import { type LatchkeyClient, LatchkeyClientError } from '@latchkey/core';
import type { EmbeddedWallets } from '@latchkey/core/embedded';
import type { AppResponse, User } from '@latchkey/protocol';
import { type ReactNode, useEffect, useRef } from 'react';
import { en } from '../copy/en.ts';
import { errorScreen } from '../modal/errorScreens.ts';
import type { ModalRequest } from '../modal/LatchkeyModal.tsx';
import type { NavigationAction } from '../modal/navigation.ts';
import { EmbeddedCreatedScreen } from '../modal/screens/EmbeddedCreatedScreen.tsx';
import { EmbeddedCreatingScreen } from '../modal/screens/EmbeddedCreatingScreen.tsx';
import { RecoverPasswordScreen } from '../modal/screens/RecoverPasswordScreen.tsx';
import { SetPasswordAcknowledgeScreen } from '../modal/screens/SetPasswordAcknowledgeScreen.tsx';
import { SetPasswordConfirmScreen } from '../modal/screens/SetPasswordConfirmScreen.tsx';
import { SetPasswordResultScreen } from '../modal/screens/SetPasswordResultScreen.tsx';
import { SetPasswordSaveScreen } from '../modal/screens/SetPasswordSaveScreen.tsx';
import { SetPasswordScreen } from '../modal/screens/SetPasswordScreen.tsx';
import type { LatchkeyConfig, ModalIntent } from '../types.ts';
import { embeddedController } from './embeddedController.ts';
import type { EmbeddedScreen } from './embeddedScreens.ts';
import type { EmbeddedModalTask } from './modalTask.ts';
import {
  type EmbeddedChain,
  embeddedWalletSettings,
  hasEmbeddedWallet,
  walletsToCreate,
} from './settings.ts';

/** The wallet creation a login is waiting on. */
export interface LoginWalletCreation {
  chains: EmbeddedChain[];
  isNewUser: boolean;
  /** The wallets exist; the 'Welcome' / 'All set!' screen is showing. */
  onCreated(user: User | null): void;
  /** Creation failed: the user was logged out and the error screen is showing. */
  onFailed(error: unknown): void;
}

export interface EmbeddedFlowsParameters {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  app: AppResponse | null;
  /** The modal's current request (null while closed). */
  request: ModalRequest | null;
  navigate(action: NavigationAction): void;
  /** The modal's own close (Cancel, Close, and after a recovery). */
  close(): void;
}

function exitError(intent: ModalIntent): LatchkeyClientError {
  return intent === 'recover-wallet'
    ? new LatchkeyClientError('unknown_embedded_wallet_error', 'User exited before wallet could be connected')
    : new LatchkeyClientError('user_exited_set_password_flow', 'User exited the set password flow');
}

const frameErrorType = (error: unknown) => (error as { type?: unknown } | null)?.type;

/**
 * The modal's embedded-wallet flows: creation after login (spec document 1 §4), the password flow
 * (set, or create with it), and 'Enter your password' recovery. Hooks wait on these through the
 * request's `embeddedTask`, which is settled once, or rejected when the user leaves.
 */
export function useEmbeddedFlows({ client, config, app, request, navigate, close }: EmbeddedFlowsParameters) {
  const settings = embeddedWalletSettings(config.embeddedWallets, app);
  const task = useRef<{ intent: ModalIntent; task: EmbeddedModalTask } | null>(null);
  const loginJob = useRef<LoginWalletCreation | null>(null);
  /** A recovery the login's creation waits on (the user's other-chain wallet is not on this device). */
  const inlineRecovery = useRef<{ resolve(): void; reject(error: unknown): void } | null>(null);
  /** The wallet's current password, checked on 'Enter your password', for the new one's set-recovery. */
  const currentPassword = useRef<string | null>(null);
  const copy = en.embedded;

  function exit() {
    const current = task.current;
    task.current = null;
    current?.task.reject(exitError(current.intent));
    loginJob.current = null;
    inlineRecovery.current?.reject(exitError('recover-wallet'));
    inlineRecovery.current = null;
    currentPassword.current = null;
  }

  // A new request (or none) ends whatever the last one was waiting on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request is the trigger
  useEffect(() => {
    const next = request?.embeddedTask;
    if (task.current?.task !== next) exit();
    task.current = request && next ? { intent: request.intent, task: next } : null;
  }, [request]);

  function settle(outcome: { value: unknown } | { error: unknown }) {
    const current = task.current;
    task.current = null;
    currentPassword.current = null;
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
        inlineRecovery.current = { resolve, reject };
        navigate({ type: 'reset', screen: { name: 'recover-password' } });
      });
      navigate({ type: 'reset', screen: { name: 'embedded-creating' } });
    }
  }

  async function runCreation(job: LoginWalletCreation, password: string | undefined) {
    navigate({ type: 'reset', screen: { name: 'embedded-creating' } });
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
      if (loginJob.current !== job) return; // the user left; the modal already undid the login
      loginJob.current = null;
      await client.trackEvent('embedded_wallet_creation_failure_logout');
      await client.logout().catch(() => undefined);
      const screen = errorScreen(error, app);
      navigate({
        type: 'reset',
        screen: screen.name === 'error' ? { ...screen, action: 'restart' } : screen,
      });
      job.onFailed(error);
      return;
    }
    if (loginJob.current !== job) return;
    loginJob.current = null;
    navigate({ type: 'replace', screen: { name: 'embedded-created', isNewUser: job.isNewUser } });
    job.onCreated(client.getState().user);
  }

  async function recoverWith(password: string): Promise<string | null> {
    try {
      const wallets = await embeddedController(client).load();
      void client.trackEvent('embedded_wallet_recovery_started');
      // A hook's prompt for one imported wallet recovers that wallet; otherwise the HD wallets.
      const address = inlineRecovery.current ? undefined : task.current?.task.address;
      await wallets.recover(address === undefined ? { password } : { password, address });
      void client.trackEvent('embedded_wallet_recovery_completed');
    } catch (error) {
      return frameErrorType(error) === 'invalid_recovery_pin' ? copy.wrongPassword : copy.unableToRecover;
    }
    const inline = inlineRecovery.current;
    inlineRecovery.current = null;
    if (inline) inline.resolve();
    else {
      settle({ value: undefined });
      close();
    }
    return null;
  }

  /** 'Enter your password' before a new one: checked by the frame, kept for the set-recovery. */
  async function checkCurrentPassword(password: string): Promise<string | null> {
    try {
      await (await embeddedController(client).load()).checkPassword({ password });
    } catch (error) {
      return frameErrorType(error) === 'invalid_recovery_pin'
        ? copy.wrongPassword
        : copy.unableToCheckPassword;
    }
    currentPassword.current = password;
    navigate({ type: 'push', screen: { name: 'set-password' } });
    return null;
  }

  /** The password flow's last step: create the login's wallets, create one for a hook, or set it. */
  async function finishPassword(password: string) {
    const job = loginJob.current;
    if (job) {
      void runCreation(job, password);
      return;
    }
    const current = task.current;
    if (!current) return;
    const creating = current.intent === 'create-wallet';
    if (!creating) void client.trackEvent('embedded_wallet_set_recovery_started');
    try {
      const wallets = await embeddedController(client).load();
      const options = { recoveryMethod: 'user-passcode' as const, password };
      let value: unknown;
      if (!creating)
        await wallets.setRecovery({ ...options, currentPassword: currentPassword.current ?? undefined });
      else if (current.task.chainType === 'solana') value = await wallets.createSolanaWallet(options);
      else value = await wallets.createEthereumWallet(options);
      if (!creating) void client.trackEvent('embedded_wallet_set_recovery_completed');
      navigate({ type: 'reset', screen: { name: 'set-password-result', ok: true } });
      settle({ value });
    } catch (error) {
      if (!creating) void client.trackEvent('embedded_wallet_set_recovery_failed');
      navigate({ type: 'reset', screen: { name: 'set-password-result', ok: false } });
      settle({ error });
    }
  }

  function render(screen: EmbeddedScreen, titleId: string): ReactNode {
    // Cancel only when the user started the flow (not the password a login's creation needs).
    const cancel = loginJob.current ? undefined : close;
    const push = (next: EmbeddedScreen) => navigate({ type: 'push', screen: next });
    switch (screen.name) {
      case 'embedded-creating':
        return <EmbeddedCreatingScreen titleId={titleId} />;
      case 'embedded-created':
        return (
          <EmbeddedCreatedScreen titleId={titleId} isNewUser={screen.isNewUser} appName={app?.name ?? ''} />
        );
      case 'recover-password':
        return <RecoverPasswordScreen titleId={titleId} onSubmit={recoverWith} />;
      case 'current-password':
        return (
          <RecoverPasswordScreen
            titleId={titleId}
            onSubmit={checkCurrentPassword}
            purpose="current"
            onCancel={cancel}
          />
        );
      case 'set-password':
        return (
          <SetPasswordScreen
            titleId={titleId}
            onContinue={(password) => push({ name: 'set-password-save', password })}
            onCancel={cancel}
          />
        );
      case 'set-password-save':
        return (
          <SetPasswordSaveScreen
            titleId={titleId}
            password={screen.password}
            appName={app?.name ?? ''}
            onContinue={() => push({ name: 'set-password-confirm', password: screen.password })}
            onCancel={cancel}
          />
        );
      case 'set-password-confirm':
        return (
          <SetPasswordConfirmScreen
            titleId={titleId}
            password={screen.password}
            onContinue={() => push({ name: 'set-password-acknowledge', password: screen.password })}
            onCancel={cancel}
          />
        );
      case 'set-password-acknowledge':
        return (
          <SetPasswordAcknowledgeScreen
            titleId={titleId}
            onConfirm={() => finishPassword(screen.password)}
            onCancel={cancel}
          />
        );
      case 'set-password-result':
        return <SetPasswordResultScreen titleId={titleId} ok={screen.ok} onClose={close} />;
    }
  }

  return {
    /** The chains a login must create wallets on before it completes (none: it completes now). */
    walletsToCreate: (user: User) => walletsToCreate(user, settings),
    /** Starts creation after a login: the password flow first when the app requires one. */
    createAfterLogin(job: LoginWalletCreation) {
      loginJob.current = job;
      if (settings.requireUserPasswordOnCreate && !hasEmbeddedWallet(client.getState().user))
        navigate({ type: 'reset', screen: { name: 'set-password' } });
      else void runCreation(job, undefined);
    },
    /** The modal is closing: whatever a hook waits on is rejected, a login's creation abandoned. */
    exit,
    render,
  };
}
